// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "ImmutableData",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "ImmutableData", targets: ["ImmutableData"]),
    .library(name: "CounterData", targets: ["CounterData"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
  ],
  targets: [
    .target(name: "ImmutableData"),
    .target(name: "CounterData"),
    .target(
      name: "Scenarios",
      dependencies: [
        "ImmutableData", "CounterData",
        .product(name: "Logging", package: "swift-log"),
      ]),
    .testTarget(name: "ImmutableDataTests", dependencies: ["ImmutableData"]),
    .testTarget(name: "CounterDataTests", dependencies: ["CounterData"]),
  ]
)
