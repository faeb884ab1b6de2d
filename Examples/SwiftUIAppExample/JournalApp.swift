// A SwiftUI app that adopts the package: `@UIApplicationDelegateAdaptor` installs a
// `DispatchingAppDelegate` subclass that lists the app's services, and SwiftUI keeps the windows.
// UIKit's app-delegate methods reach the services through the adaptor's delegate; the scene
// methods SwiftUI passes on (such as a Home Screen quick action) reach them through
// `DispatchingSceneDelegate`, which the app delegate names in each scene's configuration.
//
// The target is declared as Xcode 26 declares a new app target (Package.swift): default
// isolation `MainActor`, `NonisolatedNonsendingByDefault` and `InferIsolatedConformances`. Its
// types are main-actor types without a word, its services' conformances are isolated to the
// main actor, and its handlers use main-actor state (`Journal.shared`, the views' inbox) as a
// delegate method would.
//
// Compiled for iOS and iPadOS only; elsewhere, Linux included, this target is an empty module.
// `.ci/run` compiles it for iOS against the iPhoneOS 18.6 SDK; nothing links or runs it. Mac
// Catalyst, where the code is the same, is left out: the only Catalyst SDK the check has (MacOSX
// 13.3) cannot build SwiftUI's module with this compiler, so the example could not be checked
// there. Copy it into an app target made from Xcode's SwiftUI app template, whose generated
// Info.plist declares the scene manifest (`UIApplicationSceneManifest`).

#if os(iOS) && !targetEnvironment(macCatalyst)
  import SelectorDispatchUIKit
  import SwiftUI
  import UIKit

  /// The app: one window group, and the adaptor that installs the delegate.
  @main
  struct JournalApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate

    var body: some Scene {
      WindowGroup { JournalView(shortcuts: appDelegate.shortcuts) }
    }
  }

  /// The app's whole delegate: its services, and what they share with the views. The links' and
  /// the quick actions' services are values, written here, whose handlers reach the delegate's
  /// state through `self`; the others are types of their own.
  final class AppDelegate: DispatchingAppDelegate {
    let shortcuts = ShortcutInbox()
    /// The quick action each window was opened with, kept until its scene disconnects.
    let openedWith = PerScene<String>()

    override var services: [any DispatchService] {
      [
        LaunchService(dispatcher: dispatcher), BackupService(),
        // Claims the journal's own links, `journal://entry/ID` (`true`: no later service gets
        // them), and tells the views; a link the window was opened with arrives while the scene
        // connects.
        Service("Links") {
          on(.sceneOpenURLContexts) { scene, contexts in
            guard let link = contexts.first(where: { $0.url.scheme == "journal" }) else {
              return false
            }
            let entry = link.url.lastPathComponent
            let connecting = scene.isConnecting
            self.shortcuts.lastAction =
              connecting ? "entry \(entry)" : "entry \(entry), just linked"
            return true
          }
        },
        // Handles the Home Screen quick actions, including the one that launched the scene, on
        // the main actor, where UIKit calls it. With several windows (iPad), the views show the
        // action of the window in front.
        Service("Shortcuts") {
          on(.windowScenePerformActionForShortcutItem) { scene, item in
            self.openedWith[scene] = item.localizedTitle
            self.shortcuts.lastAction = item.localizedTitle
            return true
          }
          on(.sceneDidBecomeActive) { scene in self.shortcuts.lastAction = self.openedWith[scene] }
          on(Journal.didOpen) { (journal: Journal) in self.shortcuts.lastAction = nil }
        },
      ]
    }
    /// The app's own event, beside UIKit's: declared, so that its handler is not reported as a
    /// misspelt selector.
    override var appSelectors: [String: Fold] { [Journal.didOpen: .broadcast] }
    /// The app's own event with a completion handler: declared with its whole signature, so
    /// that each service handling it is given a completion of its own.
    override var appVocabulary: Vocabulary? { Journal.events }
    /// UIKit's completion handlers (the quick action's) wait at most 15 seconds for services.
    override class var completionDeadline: Duration { .seconds(15) }
  }

  /// The last Home Screen quick action, for the views.
  final class ShortcutInbox: ObservableObject {
    @Published var lastAction: String?
  }

  /// Shows the quick action the app was opened with.
  struct JournalView: View {
    @ObservedObject var shortcuts: ShortcutInbox

    var body: some View {
      Text(shortcuts.lastAction.map { "Opened with “\($0)”" } ?? "Today’s entry")
    }
  }

  /// Opens the journal at launch, before any other service, and tells the services once every
  /// one of them has launched: one selector, two points of its order. `true` lets the launch go
  /// on. A type of its own, main-actor as a whole (`@MainActor UIKitService`, as in a module with
  /// Swift's defaults; here `UIKitService` alone would do).
  struct LaunchService: @MainActor UIKitService {
    let dispatcher: Dispatcher

    var handlers: HandlerTable {
      on(.didFinishLaunching) { app, options in Journal.shared.open() }.priority(100)
      on(.didFinishLaunching) { app, options in
        try announceJournal()
        return true
      }.priority(-100)
    }

    /// An error here (a service refusing the journal) is the launch handler's, which the adapter
    /// logs; the launch goes on.
    func announceJournal() throws {
      _ = try dispatcher.dispatch(selector: Journal.didOpen, params: [Journal.shared])
    }
  }

  /// The app's main-actor state.
  final class Journal {
    /// The app's own event, dispatched once the journal is open: `journalDidOpen:` (the journal).
    static let didOpen = "journalDidOpen:"
    /// The app's own event with a completion, which the app dispatches before it lets the
    /// journal close: `backUpJournal:completionHandler:` (the reason), `true` when every
    /// service's backup succeeded.
    static var backUp: Dispatcher.CompletionEvent<(String) -> Bool> {
      .init("backUpJournal:completionHandler:")
    }
    /// The signature of `backUp`, completion included.
    static let events = try? Vocabulary(
      name: "journal",
      entries: [
        .init(
          "backUpJournal:completionHandler:", domain: Domain("journal"), fold: .broadcast,
          arguments: [.string], completion: .anySucceeded)
      ])
    static let shared = Journal()
    private(set) var isOpen = false
    func open() { isOpen = true }
    func backUp() async -> Bool { isOpen }
  }

  /// Backs the journal up when the app asks, on the main actor, where the journal lives.
  struct BackupService: DispatchService {
    var handlers: HandlerTable {
      on(Journal.backUp) { (reason: String) async in await Journal.shared.backUp() }
    }
  }
#endif
