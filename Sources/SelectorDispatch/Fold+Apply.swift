/// A handler's answer as the `Bool` folds read it.
private enum Opinion {
  case yes, no, none, invalid
}

extension Fold {
  /// Calls the registrations this fold asks, in order, and combines their
  /// answers.
  ///
  /// Every loop calls a handler before it looks at what has been folded so
  /// far: there is no `result || call()` here.
  func apply(
    _ registrations: ContiguousArray<Dispatcher.Registration>, params: [Any], selector: String
  ) throws -> Any? {
    var mismatch: DispatchError?
    func reject(_ registration: Dispatcher.Registration, _ answer: Any?, _ expected: String) {
      guard mismatch == nil, let answer else { return }
      mismatch = .resultTypeMismatch(
        selector: selector, service: registration.service, expected: expected,
        actual: String(describing: type(of: answer)))
    }
    let result: Any?
    switch self {
    case .any, .all, .firstTrue:
      var sawTrue = false
      var sawFalse = false
      for registration in registrations {
        let answer = registration.handler(params)
        switch Self.opinion(answer) {
        case .yes: sawTrue = true
        case .no: sawFalse = true
        case .none: break
        case .invalid: reject(registration, answer, "Bool or nil")
        }
        if sawTrue, case .firstTrue = self { break }
      }
      if case .all = self { result = !sawFalse } else { result = sawTrue }
    case .firstNonNil:
      var first: Any?
      for registration in registrations {
        first = Self.meaningful(registration.handler(params))
        if first != nil { break }
      }
      result = first
    case .last:
      var last: Any?
      for registration in registrations {
        if let answer = Self.meaningful(registration.handler(params)) { last = answer }
      }
      result = last
    case .broadcast:
      for registration in registrations { _ = registration.handler(params) }
      result = nil
    case .collect:
      result = Self.collect(registrations, params)
    case .intersection, .union:
      var mask: UInt?
      for registration in registrations {
        let answer = Self.meaningful(registration.handler(params))
        guard let answer else { continue }
        guard let bits = Self.mask(answer) else {
          reject(registration, answer, "an unsigned integer mask or nil")
          continue
        }
        if case .union = self { mask = (mask ?? 0) | bits } else { mask = (mask ?? ~0) & bits }
      }
      result = mask
    case .custom(_, let reduce):
      let answers = Self.collect(registrations, params)
      if let mismatch { throw mismatch }
      return try reduce(answers)
    }
    if let mismatch { throw mismatch }
    return result
  }

  private static func collect(
    _ registrations: ContiguousArray<Dispatcher.Registration>, _ params: [Any]
  ) -> [Any?] {
    var answers: [Any?] = []
    answers.reserveCapacity(registrations.count)
    for registration in registrations { answers.append(registration.handler(params)) }
    return answers
  }

  private static func opinion(_ answer: Any?) -> Opinion {
    guard let answer else { return .none }
    if let bool = answer as? Bool { return bool ? .yes : .no }
    return answer is Void ? .none : .invalid
  }

  /// The answer, or `nil` when it is `nil` or `()`.
  private static func meaningful(_ answer: Any?) -> Any? {
    guard let answer, !(answer is Void) else { return nil }
    return answer
  }

  /// Reads an option-set mask from `UInt`, a non-negative `Int`, or a
  /// `RawRepresentable` whose raw value is one of those.
  private static func mask(_ answer: Any) -> UInt? {
    switch answer {
    case let bits as UInt: return bits
    case let bits as Int: return bits >= 0 ? UInt(bits) : nil
    case let raw as any RawRepresentable: return mask(raw.rawValue)
    default: return nil
    }
  }
}
