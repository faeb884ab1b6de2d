// swift-tools-version:6.2
import PackageDescription

/// Whether the library checks its own state after each change
/// (`SELECTOR_DISPATCH_INTERNAL_CHECKS`; see `InternalChecks`), in debug
/// builds only. Opt-in, as swift-collections' `COLLECTIONS_INTERNAL_CHECKS`
/// is: `.ci/run` sets the environment variable for the package's own tests
/// and sanitizer runs (contributors: `SELECTOR_DISPATCH_INTERNAL_CHECKS=1
/// swift test`), and an app that depends on the package never compiles the
/// checks, whatever its configuration.
let internalChecks = Context.environment["SELECTOR_DISPATCH_INTERNAL_CHECKS"] == "1"

let package = Package(
  name: "SelectorDispatch",
  // Checked on Linux by Scripts/check-availability.sh against the toolchain's
  // symbol graphs; see PLATFORMS.md. Mac Catalyst follows iOS.
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "SelectorDispatch", targets: ["SelectorDispatch"]),
    .library(name: "SelectorDispatchTesting", targets: ["SelectorDispatchTesting"]),
    .library(name: "SelectorDispatchUIKit", targets: ["SelectorDispatchUIKit"]),
    .library(name: "SelectorDispatchSwiftUI", targets: ["SelectorDispatchSwiftUI"]),
    .executable(name: "selector-dispatch", targets: ["selector-dispatch"]),
  ],
  dependencies: [],
  targets: [
    // `SELECTOR_DISPATCH_INTERNAL_CHECKS`: the table's and the completion joins'
    // `checkInvariants()` run after each change in debug builds when asked for
    // (`internalChecks`, above), and are never in a release build.
    .target(
      name: "SelectorDispatch", dependencies: ["CSelectorDispatch"],
      swiftSettings: internalChecks
        ? [.define("SELECTOR_DISPATCH_INTERNAL_CHECKS", .when(configuration: .debug))] : []),
    // Per-thread state for the dispatch hot path (C11 `_Thread_local`): the
    // re-entrancy depth and the typed entry point's reusable params buffer.
    .target(name: "CSelectorDispatch"),
    .target(name: "SelectorDispatchTesting", dependencies: ["SelectorDispatch"]),
    // `DispatchingAppDelegate` and `DispatchingSceneDelegate` (iOS and Mac Catalyst), over
    // rules that compile everywhere and are tested on Linux.
    .target(name: "SelectorDispatchUIKit", dependencies: ["SelectorDispatch"]),
    // `DispatchingServices` and `dispatching(to:)`, the entry point of a SwiftUI app with no
    // delegate (iOS and iPadOS), over SelectorDispatchUIKit's rules (`SwiftUIEntry`), which
    // compile everywhere and are tested on Linux. A module of its own, so that a UIKit app does
    // not import SwiftUI.
    .target(
      name: "SelectorDispatchSwiftUI", dependencies: ["SelectorDispatch", "SelectorDispatchUIKit"]),
    .executableTarget(
      name: "selector-dispatch",
      dependencies: ["SelectorDispatch", "SelectorDispatchTesting"]
    ),
    // Examples: one runnable executable per pattern (`swift run <Name>`); see Examples/README.md.
    // They print in the demo's format, the test kit's `Transcript` (the package's own).
    .executableTarget(
      name: "ModuleManagerExample",
      dependencies: ["SelectorDispatch", "SelectorDispatchTesting"],
      path: "Examples/ModuleManagerExample"),
    .executableTarget(
      name: "SelectorForwardingExample",
      dependencies: ["SelectorDispatch", "SelectorDispatchTesting"],
      path: "Examples/SelectorForwardingExample"),
    .executableTarget(
      name: "BaseClassForwardingExample",
      dependencies: ["SelectorDispatch", "SelectorDispatchTesting"],
      path: "Examples/BaseClassForwardingExample"),
    .executableTarget(
      name: "DomainDelegatesExample",
      dependencies: ["SelectorDispatch", "SelectorDispatchTesting"],
      path: "Examples/DomainDelegatesExample"),
    .executableTarget(
      name: "AsyncServicesExample",
      dependencies: ["SelectorDispatch", "SelectorDispatchTesting"],
      path: "Examples/AsyncServicesExample"),
    // Libraries, not executables: a UIKit or SwiftUI app runs only inside an app bundle, so there
    // is nothing to `swift run`. They compile for iOS and Mac Catalyst and are empty elsewhere.
    .target(
      name: "AppDelegateExample", dependencies: ["SelectorDispatchUIKit"],
      path: "Examples/AppDelegateExample"),
    .target(
      name: "SceneDelegateExample", dependencies: ["SelectorDispatchUIKit"],
      path: "Examples/SceneDelegateExample"),
    // An app delegate midway through its move onto services, in debug builds recording its
    // services' calls with the test kit.
    .target(
      name: "MigrationExample", dependencies: ["SelectorDispatchUIKit", "SelectorDispatchTesting"],
      path: "Examples/MigrationExample"),
    // Declared as Xcode 26 declares a new app target, so that the SDK step compiles its
    // services as Xcode would.
    .target(
      name: "SwiftUIAppExample", dependencies: ["SelectorDispatchUIKit"],
      path: "Examples/SwiftUIAppExample",
      swiftSettings: [
        .defaultIsolation(MainActor.self),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
      ]),
    // A SwiftUI app with no delegate class, on the SwiftUI entry point; declared as Xcode 26
    // declares a new app target.
    .target(
      name: "SwiftUIEntryExample",
      dependencies: ["SelectorDispatchSwiftUI"],
      path: "Examples/SwiftUIEntryExample",
      swiftSettings: [
        .defaultIsolation(MainActor.self),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
      ]),
    .testTarget(
      name: "SelectorDispatchTests",
      // The executables, so that the tests can run them.
      dependencies: [
        "SelectorDispatch", "SelectorDispatchTesting", "selector-dispatch", "AsyncServicesExample",
        "ModuleManagerExample", "SelectorForwardingExample", "BaseClassForwardingExample",
        "DomainDelegatesExample",
      ]
    ),
    .testTarget(
      name: "SelectorDispatchUIKitTests",
      dependencies: [
        "SelectorDispatchUIKit", "SelectorDispatchSwiftUI", "SelectorDispatch",
        "SelectorDispatchTesting",
      ]
    ),
    // `swift run -c release DispatchBenchmarks`; see BENCHMARKS.md.
    .executableTarget(
      name: "DispatchBenchmarks",
      dependencies: ["SelectorDispatch", "MallocCounter", "BenchmarkServices"],
      path: "Benchmarks/DispatchBenchmarks"
    ),
    // The hand-written baseline's services, in another module so that the
    // optimiser cannot devirtualise them (see BENCHMARKS.md).
    .target(name: "BenchmarkServices", path: "Benchmarks/BenchmarkServices"),
    // Counts heap allocations for the benchmarks (Linux with glibc).
    .target(name: "MallocCounter", path: "Benchmarks/MallocCounter"),
  ],
  swiftLanguageModes: [.v6]
)
