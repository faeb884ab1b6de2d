#if os(iOS)
  import SelectorDispatch
  import UIKit
  import UserNotifications

  // The app delegate's irregular methods of background fetch and notifications, hand-written
  // (`Scripts/uikit-delegate-methods.toml` names them): the fetches, whose completion the adapter
  // converts, and the notification centre's callbacks, which move to the main actor. Each is
  // `@objc`, so that a subclass may override it although an extension declares it.
  extension DispatchingAppDelegate {
    // MARK: Background fetch

    /// Forwards `application:performFetchWithCompletionHandler:`; the
    /// services' completions are `(BackgroundFetchResult) -> Void`.
    @available(iOS, deprecated: 13.0)
    @objc open func application(
      _ application: UIApplication,
      performFetchWithCompletionHandler completionHandler:
        @escaping (UIBackgroundFetchResult) -> Void
    ) {
      fetch("application:performFetchWithCompletionHandler:", [application], completionHandler)
    }

    // MARK: Remote notifications

    /// Forwards `application:didReceiveRemoteNotification:fetchCompletionHandler:`;
    /// the services' completions are `(BackgroundFetchResult) -> Void`.
    @objc open func application(
      _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
      fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
      fetch(
        "application:didReceiveRemoteNotification:fetchCompletionHandler:",
        [application, userInfo], completionHandler)
    }

    // MARK: User notifications

    /// Forwards `userNotificationCenter:willPresentNotification:withCompletionHandler:`
    /// on the main actor; the services' completions are `(UInt) -> Void`,
    /// OR-ed into UIKit's options.
    @objc nonisolated open func userNotificationCenter(
      _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
      withCompletionHandler completionHandler:
        @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
      // UserNotifications' center is thread-safe and its notifications immutable: they may go
      // to the main actor, which Swift cannot prove of these Objective-C classes.
      nonisolated(unsafe) let params: [Any] = [center, notification]
      UIKitHost.onMain { [forwarder] in
        forwarder.event(
          "userNotificationCenter:willPresentNotification:withCompletionHandler:", params,
          completion: { (options: UInt) in
            completionHandler(UNNotificationPresentationOptions(rawValue: options))
          }, fallback: 0)
      }
    }

    /// Forwards `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`
    /// on the main actor; UIKit's completion runs once, after every
    /// service's. A response a scene's connection options already forwarded
    /// is not forwarded again: UIKit's completion runs once the services
    /// have completed it.
    @objc nonisolated open func userNotificationCenter(
      _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
      withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
      // As above: a thread-safe center and an immutable response.
      nonisolated(unsafe) let params: [Any] = [center, response]
      let key = response.forwardingKey
      UIKitHost.onMain { [forwarder] in
        forwarder.receive(params, key: key, completion: completionHandler)
      }
    }

    /// Forwards `userNotificationCenter:openSettingsForNotification:` on the
    /// main actor.
    @objc nonisolated open func userNotificationCenter(
      _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
    ) {
      // As above: a thread-safe center and an immutable notification.
      nonisolated(unsafe) let (center, notification) = (center, notification)
      UIKitHost.onMain { [forwarder] in
        forwarder.event(Forwarded.openSettingsForNotification, center, notification)
      }
    }

    // MARK: Completion adapters

    /// A background fetch: the services' folded `BackgroundFetchResult`
    /// becomes UIKit's, and `.failed` when the dispatch threw.
    private func fetch(
      _ selector: String, _ params: [Any],
      _ completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
      forwarder.event(
        selector, params,
        completion: { (result: BackgroundFetchResult) in
          completionHandler(
            UIBackgroundFetchResult(rawValue: UIKitValue.backgroundFetchRawValue(result)) ?? .failed
          )
        }, fallback: .failed)
    }
  }

  extension UNNotificationResponse {
    /// What another delivery of this response shares: its request, action
    /// and date.
    nonisolated var forwardingKey: String {
      ResponseLedger.key(
        request: notification.request.identifier, action: actionIdentifier,
        date: notification.date.timeIntervalSinceReferenceDate)
    }
  }
#endif
