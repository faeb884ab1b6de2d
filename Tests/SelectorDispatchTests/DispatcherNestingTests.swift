import Testing

@testable import SelectorDispatch

/// The re-entrancy guard: at most `Dispatcher.maximumNestingDepth`
/// dispatches one inside another on a thread.
@Suite struct DispatcherNestingTests {
  let event = "nestedEvent:"

  /// A dispatcher whose one handler dispatches the event again, forever,
  /// and records the error that stops it.
  func looping(runs: Locked<Int>, errors: Locked<[DispatchError]>) throws -> Dispatcher {
    let dispatcher = Dispatcher()
    try dispatcher.declare(event, fold: .broadcast)
    try dispatcher.register(
      service: "loop",
      handlers: [
        event: { [event, unowned dispatcher] params in
          runs.withLock { $0 += 1 }
          do {
            _ = try dispatcher.dispatch(selector: event, params: params)
          } catch let error as DispatchError {
            errors.withLock { $0.append(error) }
          } catch {
            Issue.record("unexpected \(error)")
          }
          return nil
        }
      ])
    return dispatcher
  }

  @Test func aHandlerDispatchingInALoopStopsAtTheLimit() throws {
    let runs = Locked(0)
    let errors = Locked<[DispatchError]>([])
    let dispatcher = try looping(runs: runs, errors: errors)
    _ = try dispatcher.dispatch(selector: event, params: [0])
    #expect(runs.withLock { $0 } == Dispatcher.maximumNestingDepth)
    #expect(errors.withLock { $0 } == [.nestingTooDeep(selector: event, limit: 64)])
  }

  @Test func theDepthIsBackToZeroAfterwards() throws {
    let runs = Locked(0)
    let errors = Locked<[DispatchError]>([])
    let dispatcher = try looping(runs: runs, errors: errors)
    _ = try dispatcher.dispatch(selector: event, params: [0])
    _ = try dispatcher.dispatch(SelectorKey(event), params: [0])
    #expect(try dispatcher.dispatch(selector: event, with: 0, as: Int.self) == nil)
    #expect(runs.withLock { $0 } == 3 * Dispatcher.maximumNestingDepth)
    #expect(errors.withLock { $0.count } == 3)
  }

  @Test func nestingUpToTheLimitRunsEveryLevel() throws {
    let dispatcher = Dispatcher()
    let deepest = Locked(0)
    try dispatcher.declare(event, fold: .firstNonNil)
    try dispatcher.register(
      service: "count",
      handlers: [
        event: { [event, unowned dispatcher] params in
          guard let level = params[0] as? Int else { return nil }
          deepest.withLock { $0 = max($0, level) }
          if level == Dispatcher.maximumNestingDepth { return level }
          return try? dispatcher.dispatch(selector: event, with: level + 1, as: Int.self)
        }
      ])
    #expect(try dispatcher.dispatch(selector: event, with: 1, as: Int.self) == 64)
    #expect(deepest.withLock { $0 } == 64)
  }
}
