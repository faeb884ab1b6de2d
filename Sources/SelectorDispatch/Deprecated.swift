// The declarations this release renamed or folded into others, kept so that
// code written against the previous release still compiles, with a warning
// that names the replacement. Each forwards to its replacement unchanged.

extension TypedHandler {
  /// Builds a handler table from typed handlers.
  @available(*, deprecated, renamed: "HandlerTable.init(_:)")
  public static func table(_ handlers: [TypedHandler]) -> HandlerTable {
    HandlerTable(handlers)
  }
}
