// The names the article's fragments take from the app around them.
let uiApp = NSObject()
let userInfo: [AnyHashable: Any] = ["aps": ["content-available": 1]]
