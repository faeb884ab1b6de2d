// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "SelectorDispatch",
  products: [
    .library(name: "SelectorDispatch", targets: ["SelectorDispatch"])
  ],
  dependencies: [],
  targets: [
    .target(name: "SelectorDispatch"),
    .testTarget(
      name: "SelectorDispatchTests",
      dependencies: ["SelectorDispatch"]
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
