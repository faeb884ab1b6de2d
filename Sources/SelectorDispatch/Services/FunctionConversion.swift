/// The conversions of a function argument that Swift makes at compile time
/// and `as?` cannot make at run time: a `@Sendable` function, or a
/// `@MainActor` one, passed where a handler's closure takes the same
/// function type without the attribute.
///
/// `as?` refuses them: a boxed `@Sendable (Int) -> Void` casts to `nil` as
/// `(Int) -> Void`, and generic code cannot name "`@Sendable A`". The two
/// function types differ only in a flag of their metadata, which the
/// value's representation does not carry, so the value is taken as it is
/// once the metadata shows that nothing else differs: the same parameter
/// and result types, parameter flags, convention, `throws` (and its error
/// type), `async`, and isolation attributes that change what a caller
/// passes (`@isolated(any)`, `nonisolated(nonsending)`). An optional
/// function converts as the function does, and a function converts into
/// an optional one (a non-`nil` optional function has the function's
/// representation).
///
/// The rule, for every path that checks a handler's arguments:
/// - dropping `@Sendable` is always accepted: the handler only gives up a
///   guarantee;
/// - dropping the global actor of an `async` function is always accepted:
///   the function switches to its actor itself;
/// - dropping `@MainActor` from a synchronous function is accepted only for
///   a handler that runs on the main actor (a main-actor event's), where
///   the closure can be called only there, and only where the handler's type
///   is not `@Sendable` (which would let it call the function from another
///   thread); a handler that does not run on the main actor refuses it with
///   a message that says so;
/// - dropping any other global actor from a synchronous function, or adding
///   an attribute, is refused.
@usableFromInline
enum FunctionConversion {
  /// What converting one function argument gave.
  @usableFromInline
  enum Outcome<Target> {
    /// The argument, taken as the handler's function type.
    case converted(Target)
    /// The argument is a `@MainActor` function, which only a handler that
    /// runs on the main actor may take as a nonisolated one.
    case needsMainActor
    /// The argument is not a function convertible to the handler's type.
    case refused
  }

  /// `value` as a `Target` function, when its function type differs from
  /// `Target` only in attributes the handler may drop (see the type).
  ///
  /// - Parameters:
  ///   - value: The dispatched argument.
  ///   - target: The handler's parameter type.
  ///   - onMainActor: Whether the handler runs on the main actor.
  /// - Returns: The argument as a `Target`, or why it cannot be one.
  @usableFromInline
  static func convert<Target>(_ value: Any, to target: Target.Type, onMainActor: Bool)
    -> Outcome<Target>
  {
    guard let source = Shape(TypedHandler.storedType(of: value)), let wanted = Shape(target),
      wanted.isOptional || !source.isOptional, source.sameExceptAttributes(as: wanted),
      !wanted.isSendable || source.isSendable
    else { return .refused }
    if source.globalActor != wanted.globalActor {
      guard wanted.globalActor == nil, let actor = source.globalActor else { return .refused }
      if !source.isAsync {
        guard actor == Shape.mainActor, !wanted.isSendable else { return .refused }
        guard onMainActor else { return .needsMainActor }
      }
    }
    // Both are functions, or optional functions, of one representation.
    return .converted(TypedHandler.exactly(value, as: Target.self))
  }

  /// What a handler that does not run on the main actor takes in place of
  /// `expected`, a function type, said in a message.
  @usableFromInline
  static func notMainActor(_ expected: String) -> String {
    "\(expected) (a @MainActor function only in a handler that runs on the main actor, "
      + "such as a main-actor event's)"
  }

  /// What a function type's metadata says of it (the Swift runtime's
  /// `TargetFunctionTypeMetadata`): its flags, its result and parameter
  /// types, the parameters' flags, its global actor, its extended flags and
  /// thrown error type; for an optional function, the function's.
  private struct Shape {
    /// The metadata kinds of a function type and of an optional.
    static let functionKind: UInt = 0x302
    static let optionalKind: UInt = 0x202
    static let parameterCountMask: UInt = 0xFFFF
    static let hasParameterFlags: UInt = 0x0200_0000
    static let isDifferentiable: UInt = 0x0800_0000
    static let hasGlobalActor: UInt = 0x1000_0000
    static let async: UInt = 0x2000_0000
    static let sendable: UInt = 0x4000_0000
    static let hasExtendedFlags: UInt = 0x8000_0000
    /// The extended flag of a function with a thrown error type.
    static let typedThrows: UInt32 = 0x1
    /// The flags two functions may differ in, each checked on its own.
    static let attributes: UInt = sendable | hasGlobalActor

    /// `MainActor`'s metadata, as a global actor is recorded.
    static var mainActor: UnsafeRawPointer {
      unsafeBitCast(MainActor.self as Any.Type, to: UnsafeRawPointer.self)
    }

    let isOptional: Bool
    let flags: UInt
    let result: UnsafeRawPointer
    let parameters: [UnsafeRawPointer]
    let parameterFlags: [UInt32]
    let globalActor: UnsafeRawPointer?
    let extendedFlags: UInt32
    let thrownError: UnsafeRawPointer?

    var isSendable: Bool { flags & Self.sendable != 0 }
    var isAsync: Bool { flags & Self.async != 0 }

    /// The shape of `type`, or `nil` when it is neither a function type nor
    /// an optional one, or is differentiable (a record not read here).
    init?(_ type: Any.Type) {
      var metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
      let word = MemoryLayout<UInt>.stride
      // An enum's metadata: its kind, its description, then its generic
      // arguments, the first of which is an optional's payload.
      isOptional = metadata.load(as: UInt.self) == Self.optionalKind
      if isOptional {
        metadata = metadata.load(fromByteOffset: 2 * word, as: UnsafeRawPointer.self)
      }
      guard metadata.load(as: UInt.self) == Self.functionKind else { return nil }
      flags = metadata.load(fromByteOffset: word, as: UInt.self)
      guard flags & Self.isDifferentiable == 0 else { return nil }
      result = metadata.load(fromByteOffset: 2 * word, as: UnsafeRawPointer.self)
      let count = Int(flags & Self.parameterCountMask)
      var offset = 3 * word
      parameters = (0..<count).map { index in
        metadata.load(fromByteOffset: offset + index * word, as: UnsafeRawPointer.self)
      }
      offset += count * word
      if flags & Self.hasParameterFlags != 0 {
        parameterFlags = (0..<count).map { index in
          metadata.load(fromByteOffset: offset + index * 4, as: UInt32.self)
        }
        offset += (count * 4 + word - 1) / word * word
      } else {
        parameterFlags = []
      }
      if flags & Self.hasGlobalActor != 0 {
        globalActor = metadata.load(fromByteOffset: offset, as: UnsafeRawPointer.self)
        offset += word
      } else {
        globalActor = nil
      }
      extendedFlags =
        flags & Self.hasExtendedFlags == 0
        ? 0 : metadata.load(fromByteOffset: offset, as: UInt32.self)
      thrownError =
        extendedFlags & Self.typedThrows == 0
        ? nil
        : metadata.load(
          fromByteOffset: (offset + 4 + word - 1) / word * word, as: UnsafeRawPointer.self)
    }

    /// Whether the two are one function type but for `@Sendable` and a
    /// global actor.
    func sameExceptAttributes(as other: Shape) -> Bool {
      flags & ~Self.attributes == other.flags & ~Self.attributes && result == other.result
        && parameters == other.parameters && parameterFlags == other.parameterFlags
        && extendedFlags == other.extendedFlags && thrownError == other.thrownError
    }
  }
}
