#if os(iOS)
  /// A service type for UIKit's events: main-actor as a whole, as UIKit's
  /// delegates are, so that its helpers call the app's main-actor code
  /// with no annotation of their own.
  ///
  /// Adopt it as `@MainActor UIKitService`, which works in a module whose
  /// default isolation is `nonisolated` (a Swift package target, an app
  /// made before Xcode 26) and in one whose default is `MainActor` (an app
  /// target made by Xcode 26), where `UIKitService` alone does too:
  ///
  /// <!-- snippet: not compiled -- UIKit's types; the Apple SDK step compiles the iOS examples, which do this -->
  /// ```swift
  /// struct AccountsService: @MainActor UIKitService {
  ///   let store: AccountStore
  ///
  ///   var handlers: HandlerTable {
  ///     on(.didFinishLaunching) { app, options in restore() }
  ///   }
  ///
  ///   func restore() { store.restore(store.existingAccount()) }  // main-actor, unannotated
  /// }
  /// ```
  ///
  /// The protocol's own `@MainActor` makes the conforming type main-actor
  /// (Swift infers a type's isolation from a protocol it adopts where it is
  /// declared); the conformance's makes the ``DispatchService`` conformance
  /// that comes with it main-actor too, so the main-actor `handlers` may
  /// witness it. Without it, a module whose default isolation is
  /// `nonisolated` refuses the conformance ("conformance of
  /// 'AccountsService' to protocol 'DispatchService' crosses into main
  /// actor-isolated code"). Such a service is registered on the main actor,
  /// as the UIKit adapter and the SwiftUI entry point register theirs.
  ///
  /// A service that only splits a delegate needs no type:
  /// `Service` is written where the services are listed.
  @MainActor
  public protocol UIKitService: DispatchService {}
#endif
