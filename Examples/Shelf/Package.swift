// swift-tools-version: 6.1
import PackageDescription

// An app of its own that builds its shell on the ReplShell library, as any client would:
// its data module knows nothing of the shell; the shell executable registers the domain.
let package = Package(
  name: "Shelf",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "shelfshell", targets: ["ShelfShell"]),
    .executable(name: "shelfd", targets: ["ShelfDaemon"]),
  ],
  dependencies: [
    // In your app: .package(url: "<this repository's URL>", from: "<a release>").
    .package(name: "ImmutableData", path: "../.."),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
  ],
  targets: [
    .target(
      name: "ShelfData",
      dependencies: [
        .product(name: "ImmutableData", package: "ImmutableData"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The shelf as the shell drives it: one `Domain`, for the shell and for the daemon's attachment.
    // It links the registration product alone, so it cannot reach the engine or the shell.
    .target(
      name: "ShelfDomain",
      dependencies: ["ShelfData", .product(name: "ReplShellDomain", package: "ImmutableData")]),
    .executableTarget(
      name: "ShelfShell",
      dependencies: ["ShelfData", "ShelfDomain", .product(name: "ReplShell", package: "ImmutableData")]),
    // A long-running shelf app that opens an attachment: what `shelfshell --attach` drives.
    .executableTarget(
      name: "ShelfDaemon",
      dependencies: [
        "ShelfData", "ShelfDomain",
        .product(name: "ReplShellAttachment", package: "ImmutableData"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .testTarget(
      name: "ShelfShellTests",
      dependencies: [
        "ShelfShell", "ShelfDomain",
        .product(name: "ReplShellTesting", package: "ImmutableData"),
        .product(name: "Logging", package: "swift-log"),
      ]),
  ]
)
