// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "ImmutableData",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "ImmutableData", targets: ["ImmutableData"]),
    .library(name: "CounterData", targets: ["CounterData"]),
  ],
  targets: [
    .target(name: "ImmutableData"),
    .target(name: "CounterData"),
    .testTarget(name: "ImmutableDataTests", dependencies: ["ImmutableData"]),
    .testTarget(name: "CounterDataTests", dependencies: ["CounterData"]),
  ]
)
