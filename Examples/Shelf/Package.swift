// swift-tools-version: 6.1
import PackageDescription

// An app of its own that builds its shell on the ReplShell library, as any client would:
// its data module knows nothing of the shell; the shell executable registers the domain.
let package = Package(
  name: "Shelf",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "shelfshell", targets: ["ShelfShell"])
  ],
  dependencies: [
    // In your app: .package(url: "<this repository's URL>", from: "<a release>").
    .package(name: "ImmutableData", path: "../.."),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
  ],
  targets: [
    .target(
      name: "ShelfData",
      dependencies: [
        .product(name: "ImmutableData", package: "ImmutableData"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .executableTarget(
      name: "ShelfShell",
      dependencies: ["ShelfData", .product(name: "ReplShell", package: "ImmutableData")]),
    .testTarget(
      name: "ShelfShellTests",
      dependencies: [
        "ShelfShell",
        .product(name: "ReplShellTesting", package: "ImmutableData"),
        .product(name: "Logging", package: "swift-log"),
      ]),
  ]
)
