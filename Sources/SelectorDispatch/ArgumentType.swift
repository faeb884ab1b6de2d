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
  /// The name error messages print, such as `URL` or `String or nil`.
  public let description: String

  /// The test, or `nil` for ``any``.
  let matches: (@Sendable (Any) -> Bool)?

  /// Creates an argument type from a test.
  ///
  /// Keep the test cheap, one `is` where possible: it runs on every dispatch
  /// of the selector.
  ///
  /// - Parameters:
  ///   - name: The type's name as error messages print it.
  ///   - matches: Whether a value is of this type.
  public init(_ name: String, matches: @escaping @Sendable (Any) -> Bool) {
    self.description = name
    self.matches = matches
  }

  private init(unchecked name: String) {
    self.description = name
    self.matches = nil
  }

  /// Anything; not checked. Used for UIKit objects.
  public static let any = ArgumentType(unchecked: "any")

  /// A Foundation `URL`.
  public static let url = ArgumentType("URL") { $0 is URL }

  /// Foundation `Data`, such as a device token.
  public static let data = ArgumentType("Data") { $0 is Data }

  /// An `Error`.
  public static let error = ArgumentType("Error") { $0 is any Error }

  /// A `String`, or a `RawRepresentable` whose raw value is a `String`, such
  /// as UIKit's `UIApplication.ExtensionPointIdentifier`.
  public static let string = ArgumentType("String") { value in
    value is String || (value as? any RawRepresentable)?.rawValue is String
  }

  /// An array of `String`s, such as a restoration identifier path.
  public static let strings = ArgumentType("[String]") { $0 is [String] }

  /// Any `Dictionary` (whatever its key and value types, such as UIKit's
  /// `[UIApplication.LaunchOptionsKey: Any]`) or `NSDictionary`.
  ///
  /// Checked by conformance, without converting the elements.
  public static let dictionary = ArgumentType("Dictionary") {
    $0 is any DictionaryMarker || $0 is NSDictionary
  }

  /// This type, or `nil` (an `Optional` holding nothing).
  public var orNil: ArgumentType {
    guard let matches else { return self }
    return ArgumentType("\(description) or nil") { value in
      (value as? any OptionalMarker)?.isNone == true || matches(value)
    }
  }

  /// Whether `value` has this type.
  func accepts(_ value: Any) -> Bool {
    matches?(value) ?? true
  }
}

/// Marks every `Dictionary`, so that one conformance check tells a
/// dictionary apart without casting its elements.
protocol DictionaryMarker {}
extension Dictionary: DictionaryMarker {}

/// Tells an `Optional` that holds nothing apart inside an `Any`.
protocol OptionalMarker {
  var isNone: Bool { get }
}
extension Optional: OptionalMarker {
  var isNone: Bool {
    if case .none = self { return true }
    return false
  }
}
