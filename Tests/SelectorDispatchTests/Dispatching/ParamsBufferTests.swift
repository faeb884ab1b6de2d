import Testing

@testable import SelectorDispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The typed path's per-thread params buffer when its thread exits: a
/// typed dispatch from a thread-exit destructor that runs after the buffer
/// was freed must not touch it (run under AddressSanitizer in CI).
@Suite struct ParamsBufferTests {
  /// What a destructor needs, passed to it as its key's value.
  final class ThreadExit: Sendable {
    let dispatcher: Dispatcher
    let key: pthread_key_t
    /// Whether the thread makes a typed dispatch before it exits.
    let dispatchesFirst: Bool
    /// The typed dispatches' answers in the destructor, in order, or the
    /// error one threw.
    let answers = Locked<[String]>([])

    init(dispatcher: Dispatcher, key: pthread_key_t, dispatchesFirst: Bool) {
      self.dispatcher = dispatcher
      self.key = key
      self.dispatchesFirst = dispatchesFirst
    }

    /// One typed dispatch, its answer or error recorded.
    func dispatch(_ value: Int) {
      let answer: String
      do {
        answer =
          try dispatcher.dispatch(selector: "echo:", with: value, as: Int.self)
          .map { "\($0)" } ?? "nil"
      } catch {
        answer = "\(error)"
      }
      answers.withLock { $0.append(answer) }
    }
  }

  static func echoing() throws -> Dispatcher {
    let dispatcher = Dispatcher()
    try dispatcher.declare("echo:", fold: .firstNonNil)
    try dispatcher.register(service: "echo", handlers: ["echo:": { $0[0] }])
    return dispatcher
  }

  /// Starts a thread that (optionally) dispatches, gives `key` the
  /// context as its value and exits; its destructor dispatches in two
  /// rounds of thread-exit destructors, the second certainly after the
  /// buffer's own destructor ran (whatever the keys' order), and the call
  /// returns once the thread has exited.
  func exitThread(dispatchesFirst: Bool) throws -> [String] {
    let dispatcher = try Self.echoing()
    // The buffer's key exists before this test's key.
    #expect(try dispatcher.dispatch(selector: "echo:", with: 0, as: Int.self) == 0)
    var key = pthread_key_t()
    let created = pthread_key_create(&key) { raw in
      guard let raw = raw as UnsafeMutableRawPointer? else { return }
      let exit = Unmanaged<ThreadExit>.fromOpaque(raw).takeUnretainedValue()
      let round = exit.answers.withLock { $0.count }
      exit.dispatch(round + 1)
      // Once more in the next round: the system runs a key's destructor
      // again when its value is set during a round.
      if round == 0 { pthread_setspecific(exit.key, raw) }
    }
    try #require(created == 0)
    defer { pthread_key_delete(key) }
    let exit = ThreadExit(dispatcher: dispatcher, key: key, dispatchesFirst: dispatchesFirst)
    let context = Unmanaged.passRetained(exit)
    defer { context.release() }
    try #require(Self.runThread(context.toOpaque()) == 0)
    return exit.answers.withLock { $0 }
  }

  /// Runs one thread to its end with `context`; returns `pthread_create`'s
  /// status, or `pthread_join`'s.
  static func runThread(_ context: UnsafeMutableRawPointer) -> Int32 {
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let status = pthread_create(&thread, nil, exitingThreadMain, context)
    guard status == 0 else { return status }
    #if canImport(Glibc)
      return pthread_join(thread, nil)
    #else
      return thread.map { pthread_join($0, nil) } ?? status
    #endif
  }
  @Test func aTypedDispatchAfterTheThreadsBufferWasFreedMakesItsOwn() throws {
    #expect(try exitThread(dispatchesFirst: true) == ["1", "2"])
  }

  @Test func aThreadsFirstTypedDispatchCanComeFromADestructor() throws {
    #expect(try exitThread(dispatchesFirst: false) == ["1", "2"])
  }
}

/// The body of a ``ParamsBufferTests`` thread: dispatch if asked, then set
/// the test's key and exit.
private func exitingThreadMain(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  guard let raw else { return nil }
  let exit = Unmanaged<ParamsBufferTests.ThreadExit>.fromOpaque(raw).takeUnretainedValue()
  if exit.dispatchesFirst {
    _ = try? exit.dispatcher.dispatch(selector: "echo:", with: -1, as: Int.self)
  }
  pthread_setspecific(exit.key, raw)
  return nil
}
