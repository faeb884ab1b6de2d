import SelectorDispatch
import Testing

@testable import SelectorDispatchUIKit

@Suite struct UIKitValueTests {
  /// `UIBackgroundFetchResult`'s raw values, as UIKit's header declares them.
  @Test func backgroundFetchResultsMatchUIKitsRawValues() {
    let uiKit: [(BackgroundFetchResult, UInt)] = [(.newData, 0), (.noData, 1), (.failed, 2)]
    for (result, raw) in uiKit {
      #expect(UIKitValue.backgroundFetchRawValue(result) == raw)
      #expect(UIKitValue.backgroundFetchResult(rawValue: raw) == result)
    }
    #expect(UIKitValue.backgroundFetchResult(rawValue: 3) == nil, "not a value UIKit declares")
  }

  /// `UIInterfaceOrientationMask`: one bit per `UIInterfaceOrientation`.
  @Test func orientationBitsMatchUIKitsMask() {
    #expect(UIKitValue.orientationBits["UIInterfaceOrientationPortrait"] == 2)
    #expect(UIKitValue.orientationBits["UIInterfaceOrientationPortraitUpsideDown"] == 4)
    #expect(UIKitValue.orientationBits["UIInterfaceOrientationLandscapeRight"] == 8)
    #expect(UIKitValue.orientationBits["UIInterfaceOrientationLandscapeLeft"] == 16)
    #expect(UIKitValue.allOrientations == 2 | 4 | 8 | 16)
    #expect(UIKitValue.allButUpsideDown == 2 | 8 | 16)
  }

  @Test func theDefaultOrientationsComeFromInfoPlistForTheDevice() {
    let plist: [String: Any] = [
      "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait"],
      "UISupportedInterfaceOrientations~ipad": [
        "UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight",
      ],
    ]
    #expect(UIKitValue.defaultOrientations(infoDictionary: plist, isPad: false) == 2)
    #expect(UIKitValue.defaultOrientations(infoDictionary: plist, isPad: true) == 16 | 8)
    let phoneOnly: [String: Any] = [
      "UISupportedInterfaceOrientations~iphone": ["UIInterfaceOrientationPortraitUpsideDown"]
    ]
    #expect(UIKitValue.defaultOrientations(infoDictionary: phoneOnly, isPad: false) == 4)
    #expect(
      UIKitValue.defaultOrientations(infoDictionary: phoneOnly, isPad: true)
        == UIKitValue.allOrientations, "nothing for the iPad: UIKit's default")
  }

  @Test func withoutOrientationsInInfoPlistUIKitsDefaultsApply() {
    let unknown: [String: Any] = ["UISupportedInterfaceOrientations": ["Sideways", 3]]
    for plist in [[:], unknown] {
      #expect(
        UIKitValue.defaultOrientations(infoDictionary: plist, isPad: false)
          == UIKitValue.allButUpsideDown)
      #expect(
        UIKitValue.defaultOrientations(infoDictionary: plist, isPad: true)
          == UIKitValue.allOrientations)
    }
  }

  /// UIKit raises on an empty mask, so no answer and an empty one both give the default.
  @Test func theServicesMaskWinsUnlessItIsMissingOrEmpty() {
    #expect(UIKitValue.orientations(folded: UInt(2), fallback: 30) == 2)
    #expect(UIKitValue.orientations(folded: UInt(0), fallback: 30) == 30)
    #expect(UIKitValue.orientations(folded: nil, fallback: 26) == 26)
    #expect(UIKitValue.orientations(folded: "portrait", fallback: 26) == 26)
  }

  /// The services' folded orientations through a real dispatch: the intersection of the
  /// answers, and the default when they share none (with the dispatcher's diagnostic).
  @Test func orientationsFoldAcrossServicesBeforeTheDefault() throws {
    let selector = "application:supportedInterfaceOrientationsForWindow:"
    let dispatcher = Dispatcher(vocabulary: DelegateMethod.vocabulary)
    let forwarder = DelegateForwarder(dispatcher: dispatcher) { _ in }
    try dispatcher.register(service: "portraitOrLandscape", handlers: [selector: { _ in UInt(26) }])
    try dispatcher.register(service: "portrait", handlers: [selector: { _ in UInt(2) }])
    let event = ForwardedEvent<(String, String?) -> UInt>(selector)
    let folded = forwarder.ask(event, "app", "window", as: Any.self)
    #expect(UIKitValue.orientations(folded: folded, fallback: 30) == 2)
    try dispatcher.register(service: "landscape", handlers: [selector: { _ in UInt(24) }])
    let none = forwarder.ask(event, "app", "window", as: Any.self)
    #expect(UIKitValue.orientations(folded: none, fallback: 30) == 30)
  }
}
