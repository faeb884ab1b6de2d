// The names README.md's fragments take from the app around them.
let uiApp = NSObject()
let userInfo: [AnyHashable: Any] = ["aps": ["content-available": 1]]
struct Feed { func refresh() async -> Bool { true } }
let feed = Feed()
