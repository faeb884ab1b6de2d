import Foundation
import Testing

@testable import SelectorDispatchTesting

@Suite struct EventLogReaderTests {
  /// A byte source that hands out at most `chunks[i % count]` bytes per
  /// call and remembers how many bytes it has given.
  final class Source {
    let bytes: [UInt8]
    let chunks: [Int]
    private(set) var offset = 0
    private var calls = 0

    init(_ text: String, chunks: [Int] = [1]) {
      self.bytes = Array(text.utf8)
      self.chunks = chunks
    }

    init(bytes: [UInt8], chunks: [Int]) {
      self.bytes = bytes
      self.chunks = chunks
    }

    func read(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
      let want = chunks[calls % chunks.count]
      calls += 1
      let count = min(want, buffer.count, bytes.count - offset)
      buffer.copyBytes(from: bytes[offset..<offset + count])
      offset += count
      return count
    }
  }

  static func all(_ reader: EventLogReader) throws -> [Result<
    EventScript.Event, EventScript.Problem
  >] {
    var reader = reader
    var lines: [Result<EventScript.Event, EventScript.Problem>] = []
    while let line = try reader.next() { lines.append(line) }
    return lines
  }

  @Test func eachLineIsReturnedBeforeTheNextIsRead() throws {
    let first = #"{"selector": "applicationDidBecomeActive:", "params": ["app"]}"#
    let source = Source(first + "\n" + #"{"selector": "applicationWillTerminate:"}"# + "\n")
    var reader = EventLogReader(chunkSize: 1) { source.read($0) }
    let line = try #require(try reader.next())
    #expect(try line.get().selector == "applicationDidBecomeActive:")
    #expect(source.offset == first.utf8.count + 1, "nothing past the first newline was read")
    #expect(try reader.next()?.get().line == 2)
    #expect(try reader.next() == nil)
    #expect(try reader.next() == nil, "the end stays the end")
  }

  @Test func chunkingNeverChangesTheLines() throws {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    let pieces = [
      #"{"selector": "a:", "params": [1]}"#, "", "# comment", "  ", "not json",
      #"{"selector": "b", "params": []}"# + "\r", String(repeating: "x", count: 40), "\r",
    ]
    for round in 0..<200 {
      var text = round % 3 == 0 ? "\u{FEFF}" : ""
      text += (0..<random(12)).map { _ in pieces[random(pieces.count)] }.joined(separator: "\n")
      if random(2) == 0 { text += "\n" }
      let bytes = Array(text.utf8)
      let whole = EventScript(bytes, maximumLineLength: 32).lines
      let chunks = (0..<5).map { _ in 1 + random(9) }
      let source = Source(bytes: bytes, chunks: chunks)
      let streamed = try Self.all(
        EventLogReader(maximumLineLength: 32, chunkSize: 1 + random(50)) { source.read($0) })
      #expect(streamed == whole, "chunks \(chunks) of \(text.debugDescription)")
    }
  }

  @Test(arguments: [1, 7, 64, 4096])
  func aLineOverTheLimitIsOneProblemAndTheNextLinesStillCount(chunkSize: Int) throws {
    let long = #"{"selector": "a:", "params": [""# + String(repeating: "y", count: 300) + "\"]}"
    let text = "{\"selector\": \"first\"}\n" + long + "\n{\"selector\": \"last\"}"
    let source = Source(text, chunks: [chunkSize])
    let lines = try Self.all(
      EventLogReader(maximumLineLength: 100, chunkSize: chunkSize) { source.read($0) })
    #expect(lines.count == 3)
    #expect(try lines[0].get().selector == "first")
    guard case .failure(let problem) = lines[1] else {
      Issue.record("the long line must be a problem")
      return
    }
    #expect(problem.line == 2)
    #expect(problem.column == 101)
    #expect(problem.message.hasPrefix("the line is longer than 100 bytes"))
    #expect(try lines[2].get().selector == "last")
    #expect(try lines[2].get().line == 3)
  }

  @Test func aLineOfExactlyTheLimitIsAnEvent() throws {
    let line = #"{"selector": "a"}"#
    let source = Source(line + "\n" + line, chunks: [3])
    let lines = try Self.all(
      EventLogReader(maximumLineLength: line.utf8.count, chunkSize: 3) { source.read($0) })
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { (try? $0.get()) != nil })
  }

  @Test func anEndlessLineIsReportedOnceWhileItIsStillArriving() throws {
    var given = 0
    var reader = EventLogReader(maximumLineLength: 1000, chunkSize: 256) { buffer in
      // An endless stream of zero bytes, like /dev/zero.
      buffer.initializeMemory(as: UInt8.self, repeating: 0)
      given += buffer.count
      return buffer.count
    }
    guard case .failure(let problem) = try reader.next() else {
      Issue.record("expected the too-long problem")
      return
    }
    #expect(problem.line == 1)
    #expect(given < 2000, "reported as soon as the line passed the limit, read \(given)")
  }

  struct ReadFailure: Error, Equatable {}

  @Test func aReadErrorIsThrownAndReadingCanResume() throws {
    var failNext = true
    let source = Source("{\"selector\": \"a\"}\n{\"selector\": \"b\"}\n", chunks: [20])
    var reader = EventLogReader(chunkSize: 20) { buffer in
      if source.offset >= 18 && failNext {
        failNext = false
        throw ReadFailure()
      }
      return source.read(buffer)
    }
    #expect(try reader.next()?.get().selector == "a")
    #expect(throws: ReadFailure.self) { try reader.next() }
    #expect(try reader.next()?.get().selector == "b")
    #expect(try reader.next() == nil)
  }

  /// A `read` closure that returns -1, as `read(2)` does on an error, or more than it was
  /// given: `next()` throws a count error that says so, and reading resumes. Before, the
  /// process stopped with "read returned more bytes than it was given", the opposite of
  /// what happened: an exit test, so that the suite would report that instead of dying.
  @Test func aCountTheReadClosureCannotHaveWrittenIsThrownAndReadingCanResume() async {
    await #expect(processExitsWith: .success) {
      for wrong in [-1, 21] {
        var returned = false
        let source = Source("{\"selector\": \"a\"}\n", chunks: [20])
        var reader = EventLogReader(chunkSize: 20) { buffer in
          if !returned {
            returned = true
            return wrong
          }
          return source.read(buffer)
        }
        do {
          _ = try reader.next()
          exit(2)  // the count was taken
        } catch let error as EventLogReader.InvalidReadCount {
          guard error == .init(count: wrong, bufferSize: 20) else { exit(3) }
          let said = error.description
          guard said.contains("returned \(wrong),"),
            said.contains("from 0 (the end of the log) to 20")
          else { exit(4) }
          if wrong < 0, !said.contains("read(2) returns -1 on an error") { exit(5) }
        } catch {
          exit(6)
        }
        guard case .success(let event)? = try? reader.next(), event.selector == "a" else {
          exit(7)
        }
      }
    }
  }

  @Test func aByteOrderMarkIsIgnoredAtTheStartOnly() throws {
    let event = #"{"selector": "a"}"#
    let script = EventScript(Array(("\u{FEFF}" + event + "\n\u{FEFF}" + event).utf8))
    #expect(try script.lines[0].get().selectorColumn == 14, "columns count after the mark")
    guard case .failure(let problem) = script.lines[1] else {
      Issue.record("a mark inside the log is not ignored")
      return
    }
    #expect(problem.line == 2)
  }
}
