// An app delegate midway through its move onto services, one delegate method at a time. The
// app's delegate was `BeforeMigration.AppDelegate` below, a `UIResponder` with four methods; it
// now subclasses `DispatchingAppDelegate`. Two services have each taken a job out of it
// (analytics out of launch and termination, the image cache out of the memory warning), and the
// two methods not moved yet stay as they were, marked `override`: UIKit still calls them, and
// launch calls `super` where the services' handlers should run, after crash reporting starts.
//
// In a debug build the services record their calls (`EventRecorder.recording(_:)`, from the
// `SelectorDispatchTesting` product), and launch prints the profile of their handlers: which
// service slows launch. The DocC articles "Migrating a delegate one method at a time" and
// "Tracing and profiling a running app" are this file's.
//
// Compiled for iOS, iPadOS and Mac Catalyst only (`#if os(iOS)`); elsewhere, Linux included, this
// target is an empty module. `.ci/run` compiles it for iOS against the iPhoneOS 18.6 SDK and
// type-checks it for Mac Catalyst against the MacOSX 13.3 SDK; nothing links or runs it.

#if os(iOS)
  import SelectorDispatchUIKit
  import UIKit
  #if DEBUG
    import SelectorDispatchTesting
  #endif

  @main
  final class AppDelegate: DispatchingAppDelegate {
    override var services: [any DispatchService] {
      let services: [any DispatchService] = [AnalyticsService(), ImageCacheService()]
      #if DEBUG
        return Self.recorder.recording(services)
      #else
        return services
      #endif
    }

    #if DEBUG
      /// Every call of the services' handlers, with its time.
      static let recorder = EventRecorder()
    #endif

    override func application(
      _ application: UIApplication,
      didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
      CrashReporter.start()  // first, as before
      let launched = super.application(application, didFinishLaunchingWithOptions: launchOptions)
      application.registerForRemoteNotifications()
      #if DEBUG
        print(Self.recorder.profile)  // which service slows launch
      #endif
      return launched
    }

    override func application(
      _ application: UIApplication,
      didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {
      PushClient.shared.upload(token: deviceToken)
    }
  }

  struct AnalyticsService: DispatchService {
    var handlers: HandlerTable {
      on(.didFinishLaunching) { app, options in
        Analytics.shared.startSession()
        return true
      }
      on(.applicationWillTerminate) { app in Analytics.shared.flush() }
    }
  }

  struct ImageCacheService: DispatchService {
    var handlers: HandlerTable {
      on(.applicationDidReceiveMemoryWarning) { app in ImageCache.shared.removeAll() }
    }
  }

  /// The app's delegate before the migration began.
  enum BeforeMigration {
    final class AppDelegate: UIResponder, UIApplicationDelegate {
      func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
      ) -> Bool {
        CrashReporter.start()
        Analytics.shared.startSession()
        application.registerForRemoteNotifications()
        return true
      }

      func application(
        _ application: UIApplication,
        didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
      ) {
        PushClient.shared.upload(token: deviceToken)
      }

      func applicationDidReceiveMemoryWarning(_ application: UIApplication) {
        ImageCache.shared.removeAll()
      }

      func applicationWillTerminate(_ application: UIApplication) {
        Analytics.shared.flush()
      }
    }
  }

  // The app's own code, which the delegate methods call.

  /// Starts crash reporting; it must run before anything else at launch.
  enum CrashReporter {
    static func start() {}
  }

  /// The app's analytics client, on the main actor.
  @MainActor final class Analytics {
    static let shared = Analytics()
    private(set) var sessions = 0
    func startSession() { sessions += 1 }
    func flush() {}
  }

  /// The app's push client, on the main actor.
  @MainActor final class PushClient {
    static let shared = PushClient()
    private(set) var token: Data?
    func upload(token: Data) { self.token = token }
  }

  /// The app's image cache, on the main actor.
  @MainActor final class ImageCache {
    static let shared = ImageCache()
    private var images: [URL: UIImage] = [:]
    func removeAll() { images.removeAll() }
  }
#endif
