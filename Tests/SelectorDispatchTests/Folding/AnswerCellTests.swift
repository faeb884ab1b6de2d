import Testing

@testable import SelectorDispatch

@Suite struct AnswerCellTests {
  /// Puts `answer` in a cell as a fold does and applies `look` to it.
  func inCell<Result>(_ answer: Any?, _ look: (UnsafeMutablePointer<Any?>) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: Any?.self, capacity: 1) { buffer in
      let cell = buffer.baseAddress.unsafelyUnwrapped
      cell.initialize(to: answer)
      defer { cell.deinitialize(count: 1) }
      return look(cell)
    }
  }

  @Test func peeksExactlyABool() {
    #expect(inCell(true, AnswerCell.peekBool) == true)
    #expect(inCell(false, AnswerCell.peekBool) == false)
    let flattened: Bool? = true
    #expect(inCell(flattened, AnswerCell.peekBool) == true)
  }

  @Test func leavesEverythingElseToTheCast() {
    let wrapped: Bool? = true
    #expect(inCell(wrapped as Any, AnswerCell.peekBool) == nil, "Optional<Bool> inside Any")
    #expect(inCell(nil, AnswerCell.peekBool) == nil)
    #expect(inCell((), AnswerCell.peekBool) == nil)
    #expect(inCell(1, AnswerCell.peekBool) == nil)
    #expect(inCell(UInt8(1), AnswerCell.peekBool) == nil)
    #expect(inCell("true", AnswerCell.peekBool) == nil)
  }

  @Test func onlyBoolAndVoidAreTrivial() {
    #expect(inCell(true, AnswerCell.isTrivial))
    #expect(inCell((), AnswerCell.isTrivial))
    #expect(!inCell(nil, AnswerCell.isTrivial))
    #expect(!inCell(1, AnswerCell.isTrivial))
    #expect(!inCell("x", AnswerCell.isTrivial))
    #expect(!inCell(DispatchError.duplicateService(name: "a"), AnswerCell.isTrivial))
  }
}
