// The names the landing page's fragment takes from the app around it.
let app = NSObject()
