// A SwiftUI app with no delegate class: its services get UIKit's events from the SwiftUI entry
// point, `DispatchingServices` and its `dispatching(to:)` modifier, applied once, at the root of
// the window group. Scene phases and connections come from UIKit's scene notifications, links
// from `onOpenURL`, Handoff from `onContinueUserActivity`, the memory warning from UIKit's app
// notification, and a background download's events from `.backgroundTask(.urlSession)`.
//
// The target is declared as Xcode 26 declares a new app target (Package.swift): default
// isolation `MainActor`, `NonisolatedNonsendingByDefault` and `InferIsolatedConformances`.
// Its handlers use main-actor state (`Notes.shared`) as a view would. The same file compiles in a
// module with Swift's defaults (nonisolated): its typed events' handlers run on the main actor.
//
// Compiled for iOS and iPadOS only; elsewhere, Linux included, this target is an empty module.
// `.ci/run` compiles it for iOS against the iPhoneOS 18.6 SDK; nothing links or runs it. Copy it
// into an app target made from Xcode's SwiftUI app template, and list the Handoff type in its
// Info.plist, which is what `onContinueUserActivity` is applied for:
//
//     <key>NSUserActivityTypes</key>
//     <array><string>com.example.notes.editing</string></array>

#if os(iOS) && !targetEnvironment(macCatalyst)
  import SelectorDispatchSwiftUI
  import SwiftUI
  import UIKit

  /// The app: its services, one window group that feeds them, and the background task that
  /// gives them a download session's events.
  @main
  struct NotesApp: App {
    let services = DispatchingServices([
      SceneService(), LinkService(), HandoffService(), DownloadService(),
      // Drops what can be rendered again when memory runs low: a service with no type of its
      // own, written in the list.
      Service("Cache") {
        on(.applicationDidReceiveMemoryWarning) { _ in Notes.shared.rendered.removeAll() }
      },
    ])

    var body: some Scene {
      WindowGroup { NotesView(notes: Notes.shared).dispatching(to: services) }
        .backgroundTask(.urlSession) { await services.handleEventsForBackgroundURLSession($0) }
    }
  }

  /// The app's main-actor state, which the views show. (`@MainActor` is what this target's
  /// default isolation gives; written out, the file also compiles in a module whose default is
  /// `nonisolated`.)
  @MainActor
  final class Notes: ObservableObject {
    static let shared = Notes()
    /// The note on screen, from a link or Handoff.
    @Published var open: String?
    /// How many windows are active now.
    @Published var activeWindows = 0
    /// Notes rendered for display, dropped on a memory warning.
    var rendered: [String: String] = [:]
    /// When the notes were last saved.
    private(set) var savedAt: Date?
    func save() { savedAt = Date() }
  }

  /// Shows the open note.
  struct NotesView: View {
    @ObservedObject var notes: Notes

    var body: some View {
      Text(notes.open.map { "Note \($0)" } ?? "No note open")
    }
  }

  /// Follows each window's scene through its phases: the services get one event per scene,
  /// with the real `UIScene`, and each window's count is kept until the scene disconnects.
  struct SceneService: DispatchService {
    let activations = PerScene<Int>()

    var handlers: HandlerTable {
      // The options are `nil` under the SwiftUI entry point: UIKit gives them only to the
      // scene's delegate, which is SwiftUI's. `.sceneWillConnect` takes them as an Optional.
      on(.sceneWillConnect) { scene, session, options in activations[scene] = 0 }
      on(.sceneDidBecomeActive) { scene in
        activations[scene] = (activations[scene] ?? 0) + 1
        Notes.shared.activeWindows += 1
      }
      on(.sceneWillResignActive) { _ in Notes.shared.activeWindows -= 1 }
      on(.sceneDidEnterBackground) { _ in Notes.shared.save() }
    }
  }

  /// Opens the app's own links, `notes://note/ID`, and claims them (`true`: no later service
  /// gets them).
  struct LinkService: DispatchService {
    var handlers: HandlerTable {
      on(.sceneOpenURLContexts) { scene, contexts in
        guard let link = contexts.first(where: { $0.url.scheme == "notes" }) else { return false }
        Notes.shared.open = link.url.lastPathComponent
        return true
      }
    }
  }

  /// Continues editing a note handed off from another device.
  struct HandoffService: DispatchService {
    var handlers: HandlerTable {
      on(.sceneContinueUserActivity) { scene, activity in
        guard activity.activityType == "com.example.notes.editing" else { return }
        Notes.shared.open = activity.userInfo?["note"] as? String
      }
    }
  }

  /// Finishes a background download session; its `async` handler returns when the session's
  /// events are handled, and the background task ends when every service's has.
  struct DownloadService: DispatchService {
    var handlers: HandlerTable {
      on(.handleEventsForBackgroundURLSession) { application, identifier async in
        Notes.shared.save()
      }
    }
  }
#endif
