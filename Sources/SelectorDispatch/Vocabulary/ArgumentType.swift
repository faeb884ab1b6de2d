import Foundation

/// The type a vocabulary expects for one argument of a selector, checked
/// before any handler runs.
///
/// A mismatch is ``DispatchError/argumentTypeMismatch(selector:index:expected:actual:)``.
/// ``any`` is not checked at all: it stands for the UIKit objects
/// (`UIApplication`, `UNUserNotificationCenter`, `NSUserActivity`, …) that
/// do not exist on Linux.
///
/// ```swift
/// let amount = ArgumentType("Decimal") { $0 is Decimal }
/// ```
public struct ArgumentType: Sendable, CustomStringConvertible {
  /// The built-in tests are cases rather than closures, so that a check is
  /// a `switch` instead of an opaque call, and so that the test kit's
  /// injector can tell which JSON value to convert an argument from (a URL
  /// string, a scene's name) by looking at the case.
  package enum Test: Sendable {
    case url, data, error, string, strings, dictionary, urlContexts
    /// A `UIScene`: named, so that tools can turn a scene's name into a
    /// stand-in object, but not checked (UIKit does not exist everywhere).
    case scene
    case custom(@Sendable (Any) -> Bool)
  }

  /// The name error messages print, such as `URL` or `String or nil`.
  public let description: String

  /// The test, or `nil` for ``any``.
  package let test: Test?

  /// Whether an `Optional` holding nothing also passes.
  package let allowsNil: Bool

  /// Creates an argument type from a test.
  ///
  /// Keep the test cheap, one `is` where possible: it runs on every dispatch
  /// of the selector.
  ///
  /// - Parameters:
  ///   - name: The type's name as error messages print it.
  ///   - matches: Whether a value is of this type.
  public init(_ name: String, matches: @escaping @Sendable (Any) -> Bool) {
    self.init(name, .custom(matches))
  }

  private init(_ name: String, _ test: Test?, allowsNil: Bool = false) {
    self.description = name
    self.test = test
    self.allowsNil = allowsNil
  }

  /// Anything; not checked. Used for UIKit objects.
  public static let any = ArgumentType("any", nil)

  /// A `UIScene` or `UIWindowScene`: the scene an event of
  /// ``Vocabulary/sceneDelegate`` is for, always its first argument.
  ///
  /// Not checked, as UIKit does not exist on Linux; named, so that tools
  /// can tell a scene from the application.
  public static let scene = ArgumentType("UIScene", .scene)

  /// The URLs a scene is asked to open: a `Set<OpenURLContext>`, the
  /// portable form of UIKit's `Set<UIOpenURLContext>` (see
  /// ``OpenURLContext``).
  public static let urlContexts = ArgumentType("Set<OpenURLContext>", .urlContexts)

  /// A Foundation `URL`.
  public static let url = ArgumentType("URL", .url)

  /// Foundation `Data`, such as a device token.
  public static let data = ArgumentType("Data", .data)

  /// An `Error`.
  public static let error = ArgumentType("Error", .error)

  /// A `String`, or a `RawRepresentable` whose raw value is a `String`, such
  /// as UIKit's `UIApplication.ExtensionPointIdentifier`.
  public static let string = ArgumentType("String", .string)

  /// An array of `String`s, such as a restoration identifier path.
  public static let strings = ArgumentType("[String]", .strings)

  /// Any `Dictionary` (whatever its key and value types, such as UIKit's
  /// `[UIApplication.LaunchOptionsKey: Any]`) or `NSDictionary`.
  ///
  /// Checked by conformance, without converting the elements.
  public static let dictionary = ArgumentType("Dictionary", .dictionary)

  /// This type, or `nil` (an `Optional` holding nothing).
  public var orNil: ArgumentType {
    guard test != nil, !allowsNil else { return self }
    return ArgumentType("\(description) or nil", test, allowsNil: true)
  }

  /// Whether `value` has this type.
  func accepts(_ value: Any) -> Bool {
    guard let test else { return true }
    return Self.passes(test, value)
      || (allowsNil && (value as? any OptionalMarker)?.isNone == true)
  }

  /// Whether every value whose static type is `type` has this type: what
  /// a typed dispatch's argument types are checked with, once, when a
  /// snapshot is built. `false` when it cannot be told from the type (a
  /// custom test, or `Any`); a dispatch then checks each value.
  func admitsEvery(_ type: Any.Type) -> Bool {
    guard let test else { return true }
    var type = type
    if allowsNil, let optional = type as? any OptionalMarker.Type { type = optional.wrappedType }
    switch test {
    case .url: return type == URL.self
    case .data: return type == Data.self
    case .error: return type is any Error.Type
    case .string:
      return type == String.self
        || (type as? any RawRepresentable.Type)?.rawValueType == String.self
    case .strings: return type == [String].self
    case .urlContexts: return type == Set<OpenURLContext>.self
    case .scene: return true
    case .dictionary: return type is any DictionaryMarker.Type || type is NSDictionary.Type
    case .custom: return false
    }
  }

  private static func passes(_ test: Test, _ value: Any) -> Bool {
    switch test {
    case .url: value is URL
    case .data: value is Data
    case .error: value is any Error
    case .string: value is String || (value as? any RawRepresentable)?.rawValue is String
    case .strings: value is [String]
    case .urlContexts: value is Set<OpenURLContext>
    case .scene: true
    case .dictionary:
      // The usual types by metatype identity first: a conformance lookup
      // costs about a hundred nanoseconds, a pointer comparison nothing.
      type(of: value) == [String: Any].self || type(of: value) == [AnyHashable: Any].self
        || value is any DictionaryMarker || value is NSDictionary
    case .custom(let matches): matches(value)
    }
  }
}

/// Marks every `Dictionary`, so that one conformance check tells a
/// dictionary apart without casting its elements.
private protocol DictionaryMarker {}
extension Dictionary: DictionaryMarker {}

extension RawRepresentable {
  /// The type of the raw value.
  fileprivate static var rawValueType: Any.Type { RawValue.self }
}

/// Tells an `Optional` inside an `Any` apart, and what it holds.
protocol OptionalMarker {
  /// The type it wraps.
  static var wrappedType: Any.Type { get }
  var isNone: Bool { get }
  /// The wrapped value, itself unwrapped if it is an `Optional` too.
  var unwrapped: Any? { get }
}
extension Optional: OptionalMarker {
  static var wrappedType: Any.Type { Wrapped.self }

  var isNone: Bool {
    if case .none = self { return true }
    return false
  }

  var unwrapped: Any? {
    guard case .some(let wrapped) = self else { return nil }
    if let inner = wrapped as? any OptionalMarker { return inner.unwrapped }
    return wrapped
  }
}
