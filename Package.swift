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
  ],
  swiftLanguageModes: [.v6]
)
