// The names the article's fragments take from the app around them.
let uiApp = NSObject()
