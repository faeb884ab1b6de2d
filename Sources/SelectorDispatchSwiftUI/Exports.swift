// A SwiftUI app's file writes one import, `import SelectorDispatchSwiftUI`:
// the UIKit module's events and the core's names come with it.
@_exported import SelectorDispatchUIKit
