extension Dispatcher {
  /// `answer(to:)` of a selector with a completion handler: sync
  /// services get their own completion, async ones are awaited and their
  /// return is their answer (see `awaitEach`), and the joined value is
  /// returned.
  ///
  /// The one place where an awaited dispatch waits for its services'
  /// replies: when a service's handler refused its arguments or failed,
  /// the failure is thrown only once every service the join did not excuse
  /// has replied (or the deadline has passed), so that the caller, such as
  /// a background task that ends when the dispatch returns, does not end
  /// while another service still holds its completion. A refused or failed
  /// service is not waited for, so a refusal alone leaves no deadline
  /// armed. Cancelled, the dispatch throws when its running handler
  /// returns, and at once while it waits for the services' replies (see
  /// `answer(to:)`).
  nonisolated(nonsending) func awaitJoiningCompletions(
    _ kind: CompletionKind, _ snapshot: Snapshot, params: [Any], fold: Fold
  ) async throws -> Any? {
    let joined = Handoff<Any>()
    guard let binding = kind.bind(kind.makeCompletion { joined.deliver($0) }) else {
      preconditionFailure("completion kind \(kind) does not accept its own completions")
    }
    let join = self.join(binding, for: snapshot)
    var failure: DispatchError?
    do {
      _ = try await awaitEach(snapshot, params: params, fold: fold, join: join)
    } catch let error as DispatchError {
      failure = error
    } catch {
      join.seal()
      throw error
    }
    join.seal()
    let value = try await joined.value()
    if let failure { throw failure }
    return value
  }
}
