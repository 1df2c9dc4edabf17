// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for every input surface, in a package of their own (as `Benchmarks/` is), so
// the main build never compiles them. Build and run with `make fuzz` (see README.md here); the
// flags that matter are on the command line, not here: `-sanitize=fuzzer,address` instruments
// every Swift module of the graph, `-enable-testing` lets the targets reach the internal entry
// points of the real parser, completion, decoders and handlers without widening their access.
let package = Package(
  name: "Fuzz",
  platforms: [.macOS(.v14)],
  dependencies: [
    // Named, because a path dependency is otherwise known by the folder the clone happens to be in.
    .package(name: "ImmutableData", path: ".."),
  ],
  targets: [
    .executableTarget(
      name: "Fuzz",
      dependencies: [
        .product(name: "ReplShell", package: "ImmutableData"),
        .product(name: "ReplShellFoundation", package: "ImmutableData"),
        .product(name: "ReplShellAttachment", package: "ImmutableData"),
        .product(name: "ReplShellInspector", package: "ImmutableData"),
        .product(name: "SampleDomains", package: "ImmutableData"),
        .product(name: "CounterData", package: "ImmutableData"),
      ])
  ]
)
