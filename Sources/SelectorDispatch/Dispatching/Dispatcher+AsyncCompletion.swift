extension Dispatcher {
  /// `answer(to:)` of a selector with a completion handler: sync
  /// services get their own completion, async ones are awaited and their
  /// return is their answer (see `awaitEach`), and the joined value is
  /// returned. A sync service whose handler refused its arguments or failed
  /// is not waited for, so a refusal thrown here leaves no deadline armed.
  nonisolated(nonsending) func awaitJoiningCompletions(
    _ kind: CompletionKind, _ snapshot: Snapshot, params: [Any], fold: Fold
  ) async throws -> Any? {
    let joined = Handoff<Any>()
    guard let binding = kind.bind(kind.makeCompletion { joined.deliver($0) }) else {
      preconditionFailure("completion kind \(kind) does not accept its own completions")
    }
    let join = self.join(binding, for: snapshot)
    do {
      _ = try await awaitEach(snapshot, params: params, fold: fold, join: join)
    } catch {
      join.seal()
      throw error
    }
    join.seal()
    return try await joined.value()
  }
}
