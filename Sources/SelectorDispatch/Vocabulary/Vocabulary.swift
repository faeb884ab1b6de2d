/// A declared set of selectors with their signatures: for each, the fold
/// that combines the services' answers, its domain, the types of its
/// arguments and its completion handler.
///
/// ``applicationDelegate`` covers `UIApplicationDelegate` and
/// `UNUserNotificationCenterDelegate`, ``sceneDelegate`` covers
/// `UISceneDelegate` and `UIWindowSceneDelegate`, and ``merging(_:)`` makes
/// one of both for a dispatcher that serves both delegates. Build your own
/// for custom events the same way and declare it with
/// ``Dispatcher/init(vocabulary:clock:completionDeadline:)`` or
/// ``Dispatcher/declare(_:)``:
///
/// ```swift
/// let payments = Domain("payments")
/// let events = try Vocabulary(name: "payments", entries: [
///   .init("paymentDidSucceed:amount:", domain: payments, fold: .broadcast,
///         arguments: [.string, ArgumentType("Int") { $0 is Int }]),
///   .init("shouldRetryPayment:", domain: payments, fold: .all, arguments: [.string]),
/// ])
/// let dispatcher = Dispatcher(vocabulary: events)
/// ```
public struct Vocabulary: Sendable, CustomStringConvertible {
  /// The vocabulary's name, such as `applicationDelegate`.
  public let name: String

  /// The entries, in the order they were given.
  public let entries: [Entry]

  /// The domains in which at most one service may handle selectors.
  public let exclusiveDomains: Set<Domain>

  private let indices: [String: Int]

  /// Creates a vocabulary, checking every entry.
  ///
  /// - Parameters:
  ///   - name: A name for messages.
  ///   - entries: One entry per selector.
  ///   - exclusiveDomains: Domains in which at most one service may handle
  ///     selectors; none by default.
  /// - Throws: ``DispatchError/malformedSelector(selector:offset:reason:)``
  ///   for a malformed selector,
  ///   ``DispatchError/arityMismatch(selector:expected:actual:)`` when an
  ///   entry's arguments (and completion) do not match its selector's arity,
  ///   or ``DispatchError/duplicateVocabularyEntry(vocabulary:selector:)``.
  public init(name: String, entries: [Entry], exclusiveDomains: Set<Domain> = [])
    throws
  {
    var indices: [String: Int] = [:]
    for (index, entry) in entries.enumerated() {
      let arity = try SelectorKey.validate(entry.selector)
      let declared = entry.arguments.count + (entry.completion == nil ? 0 : 1)
      guard declared == arity else {
        throw DispatchError.arityMismatch(
          selector: entry.selector, expected: arity, actual: declared)
      }
      guard indices.updateValue(index, forKey: entry.selector) == nil else {
        throw DispatchError.duplicateVocabularyEntry(vocabulary: name, selector: entry.selector)
      }
    }
    self.name = name
    self.entries = entries
    self.exclusiveDomains = exclusiveDomains
    self.indices = indices
  }

  /// The entry for a selector.
  ///
  /// - Parameter selector: The selector, such as `application:openURL:options:`.
  /// - Returns: Its entry, or `nil` when the vocabulary does not declare it.
  public subscript(selector selector: String) -> Entry? {
    indices[selector].map { entries[$0] }
  }

  /// The domains of the entries, in order of first appearance.
  public var domains: [Domain] {
    var seen = Set<Domain>()
    return entries.compactMap { seen.insert($0.domain).inserted ? $0.domain : nil }
  }

  /// The same vocabulary with more exclusive domains.
  ///
  /// ```swift
  /// // JSDecoupledAppDelegate: one delegate per domain.
  /// let oneEach = Vocabulary.applicationDelegate.exclusive(Domain.decoupledAppDelegateDomains)
  /// ```
  ///
  /// - Parameter domains: Domains in which at most one service may handle
  ///   selectors; a second service that tries is rejected when it registers.
  /// - Returns: The vocabulary with `domains` added to ``exclusiveDomains``.
  public func exclusive(_ domains: some Sequence<Domain>) -> Vocabulary {
    Vocabulary(self, exclusiveDomains: exclusiveDomains.union(domains))
  }

  private init(_ other: Vocabulary, exclusiveDomains: Set<Domain>) {
    self.name = other.name
    self.entries = other.entries
    self.indices = other.indices
    self.exclusiveDomains = exclusiveDomains
  }

  /// A vocabulary of checked entries, without checking them again.
  init(name: String, checkedEntries entries: [Entry], exclusiveDomains: Set<Domain>) {
    self.name = name
    self.entries = entries
    self.exclusiveDomains = exclusiveDomains
    self.indices = Dictionary(
      entries.enumerated().map { ($0.element.selector, $0.offset) }, uniquingKeysWith: { $1 })
  }

  /// The name and the number of entries.
  public var description: String {
    "vocabulary \(name) (\(entries.count) selectors)"
  }
}

extension Vocabulary {
  /// One selector's signature.
  public struct Entry: Sendable, CustomStringConvertible {
    /// The selector, such as `application:openURL:options:`.
    public let selector: String
    /// The group it belongs to.
    public let domain: Domain
    /// How the services' answers combine.
    public let fold: Fold
    /// The types of the arguments, one per `:`, except a completion handler.
    public let arguments: [ArgumentType]
    /// The completion handler, which is then the last argument, or `nil`.
    public let completion: CompletionKind?
    /// What to use instead when the selector is deprecated, or `nil`.
    public let replacement: String?
    /// The iOS releases that introduced and deprecated the selector, or
    /// `nil` when the vocabulary does not record them.
    public let availability: Availability?

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - selector: The selector.
    ///   - domain: The group it belongs to.
    ///   - fold: How the services' answers combine.
    ///   - arguments: The argument types, one per `:`, except the
    ///     completion handler.
    ///   - completion: The completion handler that is the last argument,
    ///     if any.
    ///   - replacement: For a deprecated selector, what to use instead.
    ///   - availability: The iOS releases that introduced and deprecated
    ///     the selector, if known.
    public init(
      _ selector: String, domain: Domain, fold: Fold, arguments: [ArgumentType],
      completion: CompletionKind? = nil, deprecatedFor replacement: String? = nil,
      availability: Availability? = nil
    ) {
      self.selector = selector
      self.domain = domain
      self.fold = fold
      self.arguments = arguments
      self.completion = completion
      self.replacement = replacement
      self.availability = availability
    }

    /// The number of arguments: one per `:`.
    public var arity: Int { arguments.count + (completion == nil ? 0 : 1) }

    /// Whether the selector is deprecated.
    public var isDeprecated: Bool { replacement != nil }

    /// The signature, such as
    /// `application:openURL:options:(any, URL, Dictionary) firstTrue [URL resource opening]`.
    public var description: String {
      var types = arguments.map(\.description)
      if let completion { types.append(completion.description) }
      let deprecation = replacement.map { "; deprecated, use \($0)" } ?? ""
      return "\(selector)(\(types.joined(separator: ", "))) \(fold) [\(domain)\(deprecation)]"
    }
  }
}
