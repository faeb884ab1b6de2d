extension Dispatcher {
  /// Starts the async handlers that a synchronous dispatch queued (see
  /// `runJoiningCompletions`) on an `AsyncBridge` of their own, holding
  /// `join` until the last has returned.
  ///
  /// The task's handlers nest inside the dispatch, as they would had it
  /// awaited them: a handler that dispatches this selector again goes one
  /// level deeper per hop, and stops at the limit. A handler's failure has
  /// no fold left to be thrown by, so it is reported.
  func startBridge(
    _ queued: [(index: Int, handler: AsyncSelectorHandler)], of snapshot: Snapshot,
    params: [Any], join: CompletionJoin
  ) {
    join.hold()
    let environment = environment
    AsyncBridge.start(
      AsyncBridge.Work(
        handlers: queued, params: params, join: join,
        failed: { index, failure in
          environment.report(
            .asyncHandlerFailed(
              selector: snapshot.selector, service: snapshot.service(at: index),
              reason: failure.cause))
        }))
  }
}
