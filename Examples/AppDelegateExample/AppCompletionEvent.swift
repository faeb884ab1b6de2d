// Not part of the example app: compiled by `.ci/run`'s Apple SDK step, in this module with
// Swift's default isolation, to show an app declaring an event of its own whose last argument
// is a completion handler. `appSelectors` gives a selector a fold only; `appVocabulary` gives it
// its whole signature, completion included, so that each service handling it is given a
// completion of its own and the caller's runs once. Without it, registering the service stops
// the app with `DispatchError.completionNotDeclared`.

#if os(iOS)
  import SelectorDispatchUIKit

  final class SyncingAppDelegate: DispatchingAppDelegate {
    override var services: [any DispatchService] { [AccountSync()] }
    override var appVocabulary: Vocabulary? { AccountSync.vocabulary }
  }

  /// Syncs an account when the app asks (`syncAccount:completionHandler:`), and says whether it
  /// has anything new.
  struct AccountSync: DispatchService {
    static var sync: Dispatcher.CompletionEvent<(String) -> Bool> {
      .init("syncAccount:completionHandler:")
    }
    static let vocabulary = try? Vocabulary(
      name: "account sync",
      entries: [
        .init(
          "syncAccount:completionHandler:", domain: Domain("accounts"), fold: .broadcast,
          arguments: [.string], completion: .anySucceeded)
      ])

    var handlers: HandlerTable {
      on(Self.sync) { (account: String) async in
        await Task.yield()
        return !account.isEmpty
      }
    }
  }
#endif
