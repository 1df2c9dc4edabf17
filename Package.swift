// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "ImmutableData",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "ImmutableData", targets: ["ImmutableData"]),
    .library(name: "CounterData", targets: ["CounterData"]),
    .library(name: "QuakesData", targets: ["QuakesData"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
  ],
  targets: [
    .target(name: "ImmutableData"),
    .target(name: "CounterData"),
    .target(
      name: "QuakesData",
      dependencies: [
        "ImmutableData",
        .product(name: "HashTreeCollections", package: "swift-collections"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(name: "ImmutableDataTests", dependencies: ["ImmutableData"]),
    .testTarget(name: "CounterDataTests", dependencies: ["CounterData"]),
    .testTarget(
      name: "QuakesDataTests",
      dependencies: [
        "QuakesData",
        "ImmutableData",
        .product(name: "HashTreeCollections", package: "swift-collections"),
      ]
    ),
  ]
)
