// swift-tools-version: 6.1
import PackageDescription

// A package of its own, so the main build never compiles the benchmark tool and its dependencies.
let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    // Named, because a path dependency is otherwise known by the folder the clone happens to be in.
    .package(name: "ImmutableData", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
  ],
  targets: [
    .target(
      name: "GuideReference",
      dependencies: [.product(name: "ImmutableData", package: "ImmutableData")]
    ),
    .target(
      name: "SyntheticQuakes",
      dependencies: [.product(name: "QuakesData", package: "ImmutableData")]
    ),
    // `BENCHMARK_SMOKE=1` (`make test`, through `smoke.sh`): every benchmark once, scaled down.
    // Swift 5 mode: `SmokeCheck` reads `Benchmark.benchmarks`, the library's unguarded registry, at exit.
    .target(
      name: "SmokeMode",
      dependencies: [.product(name: "Benchmark", package: "benchmark")],
      swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .executableTarget(
      name: "StoreDispatch",
      dependencies: [
        "SmokeMode",
        "GuideReference",
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "ImmutableData", package: "ImmutableData"),
      ],
      path: "Benchmarks/StoreDispatch",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "StateUpdate",
      dependencies: [
        "SmokeMode",
        .product(name: "Benchmark", package: "benchmark"),
        "SyntheticQuakes",
        .product(name: "QuakesData", package: "ImmutableData"),
        .product(name: "HashTreeCollections", package: "swift-collections"),
      ],
      path: "Benchmarks/StateUpdate",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "StateMemory",
      dependencies: [
        "SmokeMode",
        .product(name: "Benchmark", package: "benchmark"),
        "SyntheticQuakes",
        .product(name: "ImmutableData", package: "ImmutableData"),
        .product(name: "QuakesData", package: "ImmutableData"),
      ],
      path: "Benchmarks/StateMemory",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "ShellEngine",
      dependencies: [
        "SmokeMode",
        .product(name: "Benchmark", package: "benchmark"),
        "SyntheticQuakes",
        .product(name: "QuakesData", package: "ImmutableData"),
        .product(name: "ReplShell", package: "ImmutableData"),
        .product(name: "SampleDomains", package: "ImmutableData"),
        .product(name: "ShrinkFixtures", package: "ImmutableData"),
        .product(name: "HashTreeCollections", package: "swift-collections"),
      ],
      path: "Benchmarks/ShellEngine",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // Not a package-benchmark target: a plain release executable, `swift run -c release AttachCost`.
    .executableTarget(
      name: "AttachCost",
      dependencies: [
        .product(name: "ReplShellAttachment", package: "ImmutableData"),
        .product(name: "CounterData", package: "ImmutableData"),
      ],
      path: "Benchmarks/AttachCost"
    ),
    // A plain release executable too: store (b) of AttachCost alone, in timed chunks (`listener-modes.sh`).
    .executableTarget(
      name: "ListenerBursts",
      dependencies: [
        .product(name: "ReplShellAttachment", package: "ImmutableData"),
        .product(name: "CounterData", package: "ImmutableData"),
      ],
      path: "Benchmarks/ListenerBursts"
    ),
    // A plain release executable too: the shell over the models `Explore/run.sh` measures.
    .executableTarget(
      name: "ExploreModels",
      dependencies: [.product(name: "ReplShell", package: "ImmutableData")],
      path: "Explore/ExploreModels"
    ),
    // A plain release executable too: `linearize`'s checker over the sample models and over an
    // app's own reducers in `ReducerModel`, beside Porcupine (`Linearize/run.sh`).
    .executableTarget(
      name: "LinearizeAppReducer",
      dependencies: [.product(name: "Linearizability", package: "ImmutableData")],
      path: "Linearize/LinearizeAppReducer"
    ),
    .executableTarget(
      name: "QuakesFeed",
      dependencies: [
        "SmokeMode",
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "QuakesData", package: "ImmutableData"),
      ],
      path: "Benchmarks/QuakesFeed",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ]
)
