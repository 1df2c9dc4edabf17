// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "ImmutableData",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "ImmutableData", targets: ["ImmutableData"]),
    .library(name: "CounterData", targets: ["CounterData"]),
    .executable(name: "replshell", targets: ["ReplShell"]),
  ],
  targets: [
    .target(name: "ImmutableData"),
    .target(name: "CounterData"),
    .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    .executableTarget(name: "ReplShell", dependencies: ["CEditLine"]),
    .testTarget(name: "ImmutableDataTests", dependencies: ["ImmutableData"]),
    .testTarget(name: "CounterDataTests", dependencies: ["CounterData"]),
  ]
)
