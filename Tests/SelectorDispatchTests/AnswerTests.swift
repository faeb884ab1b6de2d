import Testing

@testable import SelectorDispatch

@Suite struct AnswerTests {
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
    #expect(inSlot(true, Answer.peekBool) == true)
    #expect(inSlot(false, Answer.peekBool) == false)
    let flattened: Bool? = true
    #expect(inSlot(flattened, Answer.peekBool) == true)
  }

  @Test func leavesEverythingElseToTheCast() {
    let wrapped: Bool? = true
    #expect(inSlot(wrapped as Any, Answer.peekBool) == nil, "Optional<Bool> inside Any")
    #expect(inSlot(nil, Answer.peekBool) == nil)
    #expect(inSlot((), Answer.peekBool) == nil)
    #expect(inSlot(1, Answer.peekBool) == nil)
    #expect(inSlot(UInt8(1), Answer.peekBool) == nil)
    #expect(inSlot("true", Answer.peekBool) == nil)
  }

  @Test func onlyBoolAndVoidAreTrivial() {
    #expect(inSlot(true, Answer.isTrivial))
    #expect(inSlot((), Answer.isTrivial))
    #expect(!inSlot(nil, Answer.isTrivial))
    #expect(!inSlot(1, Answer.isTrivial))
    #expect(!inSlot("x", Answer.isTrivial))
    #expect(!inSlot(DispatchError.duplicateService(name: "a"), Answer.isTrivial))
  }
}
