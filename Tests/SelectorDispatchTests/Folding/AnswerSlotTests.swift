import Testing

@testable import SelectorDispatch

@Suite struct AnswerSlotTests {
  /// Puts `answer` in a slot as a fold does and applies `look` to it.
  func inSlot<Result>(_ answer: Any?, _ look: (UnsafeMutablePointer<Any?>) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: Any?.self, capacity: 1) { buffer in
      let slot = buffer.baseAddress.unsafelyUnwrapped
      slot.initialize(to: answer)
      defer { slot.deinitialize(count: 1) }
      return look(slot)
    }
  }

  @Test func peeksExactlyABool() {
    #expect(inSlot(true, AnswerSlot.peekBool) == true)
    #expect(inSlot(false, AnswerSlot.peekBool) == false)
    let flattened: Bool? = true
    #expect(inSlot(flattened, AnswerSlot.peekBool) == true)
  }

  @Test func leavesEverythingElseToTheCast() {
    let wrapped: Bool? = true
    #expect(inSlot(wrapped as Any, AnswerSlot.peekBool) == nil, "Optional<Bool> inside Any")
    #expect(inSlot(nil, AnswerSlot.peekBool) == nil)
    #expect(inSlot((), AnswerSlot.peekBool) == nil)
    #expect(inSlot(1, AnswerSlot.peekBool) == nil)
    #expect(inSlot(UInt8(1), AnswerSlot.peekBool) == nil)
    #expect(inSlot("true", AnswerSlot.peekBool) == nil)
  }

  @Test func onlyBoolAndVoidAreTrivial() {
    #expect(inSlot(true, AnswerSlot.isTrivial))
    #expect(inSlot((), AnswerSlot.isTrivial))
    #expect(!inSlot(nil, AnswerSlot.isTrivial))
    #expect(!inSlot(1, AnswerSlot.isTrivial))
    #expect(!inSlot("x", AnswerSlot.isTrivial))
    #expect(!inSlot(DispatchError.duplicateService(name: "a"), AnswerSlot.isTrivial))
  }
}
