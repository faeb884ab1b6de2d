// The names the article's fragments take from the app around them.
let dispatcher = Dispatcher(vocabulary: .applicationDelegate)
let application = NSObject()
func download() async -> Bool { true }
