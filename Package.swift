// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "SelectorDispatch",
  products: [
    .library(name: "SelectorDispatch", targets: ["SelectorDispatch"]),
    .library(name: "SelectorDispatchTesting", targets: ["SelectorDispatchTesting"]),
    .executable(name: "selector-dispatch", targets: ["selector-dispatch"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "SelectorDispatch"),
    .target(name: "SelectorDispatchTesting", dependencies: ["SelectorDispatch"]),
    .executableTarget(
      name: "selector-dispatch",
      dependencies: ["SelectorDispatch", "SelectorDispatchTesting"]
    ),
    .testTarget(
      name: "SelectorDispatchTests",
      dependencies: ["SelectorDispatch", "SelectorDispatchTesting", "selector-dispatch"]
    ),
    // `swift run -c release DispatchBenchmarks`; see BENCHMARKS.md.
    .executableTarget(
      name: "DispatchBenchmarks",
      dependencies: ["SelectorDispatch", "MallocCounter"],
      path: "Benchmarks/DispatchBenchmarks"
    ),
    // Counts heap allocations for the benchmarks (Linux with glibc).
    .target(name: "MallocCounter", path: "Benchmarks/MallocCounter"),
  ],
  swiftLanguageModes: [.v6]
)
