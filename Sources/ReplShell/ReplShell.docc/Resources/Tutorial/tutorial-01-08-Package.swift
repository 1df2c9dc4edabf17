// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Shelf",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "shelfshell", targets: ["ShelfShell"]),
  ],
  dependencies: [
    // This repository, cloned beside the package; from a release, .package(url:from:).
    .package(name: "ImmutableData", path: "../ImmutableData"),
  ],
  targets: [
    // The app's data: state, actions, reducer and selectors. It knows nothing of the shell.
    .target(
      name: "ShelfData",
      dependencies: [.product(name: "ImmutableData", package: "ImmutableData")]),
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
  ]
)
