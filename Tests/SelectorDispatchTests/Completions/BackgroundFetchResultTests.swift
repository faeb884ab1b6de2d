import Testing

@testable import SelectorDispatch

@Suite struct BackgroundFetchResultTests {
  @Test func rawValuesMirrorUIKit() {
    #expect(BackgroundFetchResult.newData.rawValue == 0)
    #expect(BackgroundFetchResult.noData.rawValue == 1)
    #expect(BackgroundFetchResult.failed.rawValue == 2)
    #expect(BackgroundFetchResult(rawValue: 3) == nil)
  }

  @Test(arguments: BackgroundFetchResult.allCases, BackgroundFetchResult.allCases)
  func newDataWinsThenFailedThenNoData(_ a: BackgroundFetchResult, _ b: BackgroundFetchResult) {
    let expected: BackgroundFetchResult =
      [a, b].contains(.newData) ? .newData : [a, b].contains(.failed) ? .failed : .noData
    #expect(a.combined(with: b) == expected)
    #expect(b.combined(with: a) == expected)
  }
}
