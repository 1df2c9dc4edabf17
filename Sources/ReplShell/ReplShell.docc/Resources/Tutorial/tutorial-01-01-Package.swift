// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Shelf",
  platforms: [.macOS(.v14)],
  dependencies: [
    // This repository, cloned beside the package; from a release, .package(url:from:).
    .package(name: "ImmutableData", path: "../ImmutableData"),
  ],
  targets: [
    // The app's data: state, actions, reducer and selectors. It knows nothing of the shell.
    .target(
      name: "ShelfData",
      dependencies: [.product(name: "ImmutableData", package: "ImmutableData")]),
  ]
)
