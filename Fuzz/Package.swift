// swift-tools-version:6.0
// The fuzz targets live in their own package so that a plain `swift build`
// of SelectorDispatch never links them: with `--sanitize=fuzzer` libFuzzer
// supplies `main`, without it they would have none. Run them with
// Scripts/fuzz.sh.
import PackageDescription

let package = Package(
  name: "SelectorDispatchFuzz",
  dependencies: [.package(name: "SelectorDispatch", path: "..")],
  targets: [
    .executableTarget(
      name: "FuzzSelectorKey",
      dependencies: [.product(name: "SelectorDispatch", package: "SelectorDispatch")]
    ),
    .executableTarget(
      name: "FuzzEventScript",
      dependencies: [.product(name: "SelectorDispatchTesting", package: "SelectorDispatch")]
    ),
    .executableTarget(
      name: "FuzzEventLogReader",
      dependencies: [.product(name: "SelectorDispatchTesting", package: "SelectorDispatch")]
    ),
    .executableTarget(
      name: "FuzzManifest",
      dependencies: [.product(name: "SelectorDispatch", package: "SelectorDispatch")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
