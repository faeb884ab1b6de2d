import Dispatch
import Foundation
import SelectorDispatch

/// One event an ``EventInjector`` is injecting: the calls and diagnostics
/// that belong to it, and the async handlers it started.
///
/// The event is the task-local `current` while it is dispatched, so its
/// handlers (and the async ones' tasks, which inherit it) record into it
/// from any thread, and a call that ends after the injector gave up on it
/// is dropped with its event instead of landing in another event's trace.
final class InjectedEvent: Sendable {
  /// The event being injected; `nil` outside any.
  private static let current = TaskLocal<InjectedEvent?>(wrappedValue: nil)

  /// The event that `recorder`'s injector is injecting on this task or
  /// thread; `nil` outside any, or inside another injector's.
  static func current(of recorder: EventRecorder) -> InjectedEvent? {
    guard let event = current.get(), event.recorder == ObjectIdentifier(recorder) else {
      return nil
    }
    return event
  }

  /// The recorder whose calls this event collects.
  let recorder: ObjectIdentifier
  let watch: BridgeWatch
  private let calls = Locked<[EventRecorder.Call]>([])
  private let diagnostics = Locked<[Diagnostic]>([])
  private let wakeUp: DispatchSemaphore
  /// Whether the injector waits on the main thread, running its run loop.
  private let onMain: Bool

  init(recorder: EventRecorder) {
    let wakeUp = DispatchSemaphore(value: 0)
    let onMain = Thread.isMainThread
    self.recorder = ObjectIdentifier(recorder)
    self.wakeUp = wakeUp
    self.onMain = onMain
    watch = BridgeWatch {
      wakeUp.signal()
      // Wakes the main run loop, which returns once it has run the block.
      if onMain { DispatchQueue.main.async {} }
    }
  }

  /// Runs `body` with this event as the current one.
  func run<Result>(_ body: () throws -> Result) rethrows -> Result {
    try Self.current.withValue(self) {
      try BridgeWatch.current.withValue(watch, operation: body)
    }
  }

  func record(_ call: EventRecorder.Call) {
    calls.withLock { $0.append(call) }
  }

  func report(_ diagnostic: Diagnostic) {
    diagnostics.withLock { $0.append(diagnostic) }
  }

  /// The calls and diagnostics so far, in the order they ended.
  var recorded: (calls: [EventRecorder.Call], diagnostics: [Diagnostic]) {
    (calls.withLock { $0 }, diagnostics.withLock { $0 })
  }

  /// Blocks until every async handler the event started has returned, or
  /// until `limit` has passed in real time.
  ///
  /// On the main thread it runs the main run loop meanwhile, so that
  /// handlers waiting for the main actor run. It cannot from inside a
  /// block of the main queue (such as a `@MainActor` test's), where
  /// the platform does not run the main queue again: it then waits as any
  /// other thread, and main-actor handlers run only after it returns.
  func waitForHandlers(upTo limit: Duration) {
    let (seconds, attoseconds) = max(limit, .zero).components
    let timeout = Double(seconds) + Double(attoseconds) / 1e18
    let end = DispatchTime.now() + timeout
    if onMain {
      let date = Date(timeIntervalSinceNow: timeout)
      while !watch.isSettled, DispatchTime.now() < end {
        // `false`: the run loop has nothing it may run here.
        guard RunLoop.main.run(mode: .default, before: date) else { break }
      }
    }
    while !watch.isSettled, wakeUp.wait(timeout: end) == .success {}
  }
}
