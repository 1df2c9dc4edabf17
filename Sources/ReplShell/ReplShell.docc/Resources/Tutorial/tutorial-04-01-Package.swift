// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Shelf",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "shelfshell", targets: ["ShelfShell"]),
    .executable(name: "shelfd", targets: ["ShelfDaemon"]),
  ],
  dependencies: [
    // This repository, cloned beside the package; from a release, .package(url:from:).
    .package(name: "ImmutableData", path: "../ImmutableData"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
  ],
  targets: [
    // The app's data: state, actions, reducer, selectors, listener. Nothing of the shell.
    .target(
      name: "ShelfData",
      dependencies: [
        .product(name: "ImmutableData", package: "ImmutableData"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The shelf as a shell drives it: one `Domain`. The registration product alone, no engine.
    .target(
      name: "ShelfDomain",
      dependencies: ["ShelfData", .product(name: "ReplShellDomain", package: "ImmutableData")]),
    // The shell: prompt, scripts, goldens and explore, for the shelf.
    .executableTarget(
      name: "ShelfShell",
      dependencies: [
        "ShelfData", "ShelfDomain",
        .product(name: "ReplShell", package: "ImmutableData"),
      ]),
    // The app itself, long-running, with an attachment a shell can drive.
    .executableTarget(
      name: "ShelfDaemon",
      dependencies: [
        "ShelfData", "ShelfDomain",
        .product(name: "ReplShellAttachment", package: "ImmutableData"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // Every scenario against its golden, and explore, in `swift test`.
    .testTarget(
      name: "ShelfShellTests",
      dependencies: [
        "ShelfShell", "ShelfDomain",
        .product(name: "ReplShellTesting", package: "ImmutableData"),
      ]),
  ]
)
