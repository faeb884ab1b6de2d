// The names the Errors article's fragments take from the app around them.
let app = NSObject()
