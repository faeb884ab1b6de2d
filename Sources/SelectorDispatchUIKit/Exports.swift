// An app file that uses the UIKit adapter writes one import,
// `import SelectorDispatchUIKit`: the core's names (`DispatchService`,
// `Dispatcher`, `Fold`, the typed events) come with it.
@_exported import SelectorDispatch
