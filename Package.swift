// swift-tools-version: 6.1
import PackageDescription

/// What each domain module builds on: the store, the shared data layer, persistent maps for state, SQLite, logging.
let domainDependencies: [Target.Dependency] = [
  "ImmutableData", "Services",
  .product(name: "HashTreeCollections", package: "swift-collections"),
  .product(name: "GRDB", package: "GRDB.swift"),
  .product(name: "Logging", package: "swift-log"),
]

let package = Package(
  name: "ImmutableData",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "ImmutableData", targets: ["ImmutableData"]),
    .library(name: "CounterData", targets: ["CounterData"]),
    .library(name: "AnimalsData", targets: ["AnimalsData"]),
    .library(name: "QuakesData", targets: ["QuakesData"]),
    // What a domain author and an app import to register a domain: `Domain`, its selectors,
    // options and effects, the store its listeners get. No engine, no shell.
    .library(name: "ReplShellDomain", targets: ["ReplShellDomain"]),
    // The foundation every surface shares: the one file reach, the escaping of control characters.
    .library(name: "ReplShellFoundation", targets: ["ReplShellFoundation"]),
    .library(name: "Linearizability", targets: ["Linearizability"]),
    .library(name: "ReplShell", targets: ["ReplShell"]),
    .library(name: "ReplShellTesting", targets: ["ReplShellTesting"]),
    // What an app links to let `replshell --attach` drive its live store; nothing else compiles it.
    // It brings the live-session core (`ReplShellSession`), never the shell's scripts, explore,
    // MCP, ArgumentParser or libedit.
    .library(name: "ReplShellAttachment", targets: ["ReplShellAttachment"]),
    .library(name: "ReplShellInspector", targets: ["ReplShellInspector"]),
    .library(name: "SampleDomains", targets: ["SampleDomains"]),
    .library(name: "AnimalsDataServerCore", targets: ["AnimalsDataServerCore"]),
    // The lending shelf `shrink`'s tests and its benchmark (`Benchmarks/`) share: a test fixture.
    .library(name: "ShrinkFixtures", targets: ["ShrinkFixtures"]),
    // `swift package replshell check|explore|run` and `replshell-goldens update|review`, for any
    // package whose shell is built on the library.
    .plugin(name: "ReplShellPlugin", targets: ["ReplShellPlugin"]),
    .plugin(name: "ReplShellGoldensPlugin", targets: ["ReplShellGoldensPlugin"]),
    .executable(name: "replshell", targets: ["SampleShell"]),
    .executable(name: "AnimalsDataServer", targets: ["AnimalsDataServer"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", from: "0.12.1"),
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    // `swift package generate-documentation --target ReplShell`: the DocC catalog in Sources/ReplShell/ReplShell.docc.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .target(name: "ImmutableData"),
    .target(name: "CounterData"),
    .target(
      name: "AnimalsData",
      dependencies: domainDependencies),
    .target(
      name: "QuakesData",
      dependencies: domainDependencies),
    // The foundation under every surface: the one file reach (every path a command reads or writes) and
    // the escaping of control characters in what the shell prints. No dependency, so that every module can use it.
    .target(name: "ReplShellFoundation"),
    // The value layer: reads, prints, encodes, reflects, decodes and diffs Swift values; nothing of the shell.
    .target(
      name: "StateValues",
      dependencies: ["ReplShellFoundation", .product(name: "HashTreeCollections", package: "swift-collections")]),
    // What a shell and an app attached to it say to each other, and what a session's events are:
    // Codable types, framed, with a version handshake. Both sides link it; it knows no engine.
    .target(name: "SessionProtocol", dependencies: ["StateValues"]),
    // Registration: what a domain is made of and the store its listeners are handed. It holds
    // the domain's description; the engine that drives it is elsewhere.
    .target(
      name: "ReplShellDomain",
      dependencies: [
        "ImmutableData", "StateValues", "SessionProtocol",
        .product(name: "HashTreeCollections", package: "swift-collections"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The typed session: a domain's store driven by the shell — dispatch and settling, history and
    // time travel, why, watches, invariants and breakpoints, redaction, action printing, opening a
    // saved session — and the events it emits. No command language, no shell.
    .target(
      name: "ReplShellSession",
      dependencies: [
        "ReplShellFoundation", "ReplShellDomain", "ReplShellTransport", "ImmutableData", "StateValues", "SessionProtocol",
        .product(name: "HashTreeCollections", package: "swift-collections"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The command language: the parser, each command with its options declared once, tables,
    // completion; commands reach the shell only through `CommandHost`.
    .target(
      name: "ReplShellCommands",
      dependencies: [
        "ReplShellSession", "ReplShellFoundation", "ReplShellDomain", "ReplShellTransport", "ImmutableData", "StateValues",
        "SessionProtocol",
        .product(name: "HashTreeCollections", package: "swift-collections"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The host: `SessionHost`, the one door, and the `Shell` behind it that runs each line in its
    // turn; the inspector's reads of a session.
    .target(
      name: "ReplShellHost",
      dependencies: [
        "ReplShellCommands", "ReplShellSession", "ReplShellFoundation", "ReplShellDomain", "ReplShellTransport", "ImmutableData",
        "StateValues", "SessionProtocol",
        .product(name: "HashTreeCollections", package: "swift-collections"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // What only a shell process runs, on the core: scripts and goldens, `save`/`source`, explore
    // and shrinking, replay, `linearize`. No terminal, no sample domain, no server.
    .target(
      name: "Scenarios",
      dependencies: [
        "ReplShellFoundation", "ReplShellSession", "ReplShellCommands", "ReplShellHost", "ReplShellDomain", "ReplShellTransport", "ImmutableData", "StateValues", "SessionProtocol",
        "Linearizability",
        .product(name: "HashTreeCollections", package: "swift-collections"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    // Shell-only: checks concurrent histories (Jepsen's EDN or JSON lines) against a reducer
    // as the sequential specification. No app links it.
    .target(name: "Linearizability", dependencies: ["ReplShellFoundation"]),
    // `replshell stress`: concurrent clients of the Animals remote store against running servers,
    // their history recorded in Jepsen's format and checked against `AnimalsServerModel`.
    .target(name: "AnimalsStress", dependencies: ["AnimalsData", "Services", "Linearizability"]),
    // The library every client shell is built on: `import ReplShell` is all a registration needs.
    .target(
      name: "ReplShell",
      dependencies: [
        "CEditLine", "ReplShellFoundation", "ReplShellTransport", "Scenarios", "ImmutableData", "Linearizability",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "MCP", package: "swift-sdk"),
      ]),
    .target(name: "ReplShellTesting", dependencies: ["ReplShell"]),
    // Both sides of the attach socket: the folder and its owner, peer credentials, frames, the
    // app's outbox and request mailbox. No session, no store: what a shell and an app share.
    .target(name: "ReplShellTransport", dependencies: ["SessionProtocol", "StateValues"]),
    .target(
      name: "ReplShellAttachment",
      dependencies: [
        "ReplShellFoundation", "ReplShellDomain", "ReplShellSession", "ReplShellCommands", "ReplShellHost", "ReplShellTransport", "ImmutableData",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]),
    // The web inspector (`--inspect`), a product of its own: a shell that does not register it
    // compiles none of Hummingbird. Its page is files embedded in the binary, no build step.
    .target(
      name: "ReplShellInspector",
      dependencies: [
        "ReplShell", "Scenarios",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      resources: [
        .embedInCode("Page/index.html"), .embedInCode("Page/inspector.css"), .embedInCode("Page/connection.js"),
        .embedInCode("Page/log.js"), .embedInCode("Page/tree.js"), .embedInCode("Page/plot.js"), .embedInCode("Page/app.js"),
        .embedInCode("Page/coverage.js"), .embedInCode("Page/witness.js"), .embedInCode("Page/chart.js"),
      ]),
    // The three sample domains as the shell's first clients, and the `replshell` executable.
    .target(
      name: "SampleDomains",
      dependencies: ["ReplShell", "CounterData", "AnimalsData", "QuakesData", "AnimalsDataServerCore"]),
    .executableTarget(
      name: "SampleShell",
      dependencies: [
        "ReplShell", "ReplShellFoundation", "ReplShellInspector", "SampleDomains", "AnimalsStress",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .target(
      name: "AnimalsDataServerCore",
      dependencies: [
        "AnimalsData", "Services",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]),
    .executableTarget(
      name: "AnimalsDataServer",
      dependencies: [
        "AnimalsData", "AnimalsDataServerCore", "AnimalsDataServerPostgres",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .testTarget(name: "ImmutableDataTests", dependencies: ["ImmutableData"]),
    .testTarget(name: "ReplShellFoundationTests", dependencies: ["ReplShellFoundation"]),
    // The wire: the protocol's schema and the Codable forms of events and values.
    .testTarget(name: "SessionProtocolTests", dependencies: ["SessionProtocol", "StateValues", "TestSupport"]),
    // The registration: action catalogs, example names, the session store's causes.
    .testTarget(name: "ReplShellDomainTests", dependencies: ["ReplShellDomain", "StateValues"]),
    // The app's side of an attachment: how the app's actions reach an attached shell's history.
    .testTarget(name: "ReplShellAttachmentTests", dependencies: ["ReplShellAttachment", "ReplShellSession", "SessionProtocol"]),
    // The attach socket over real sockets: the folder's checks, the sidecar, frames and their
    // limits, the app's outbox and its request mailbox.
    .testTarget(name: "ReplShellTransportTests", dependencies: ["ReplShellTransport", "SessionProtocol", "StateValues"]),
    // The typed session's own parts, tested without a shell.
    .testTarget(name: "ReplShellSessionTests", dependencies: ["ReplShellSession", "ReplShellDomain", "ImmutableData", "StateValues"]),
    .testTarget(name: "ReplShellCommandsTests", dependencies: ["ReplShellCommands", "StateValues"]),
    .testTarget(name: "ReplShellHostTests", dependencies: ["ReplShellHost"]),
    // The value layer alone: how values print, order, escape, encode to JSON and diff.
    .testTarget(
      name: "StateValuesTests",
      dependencies: ["StateValues", .product(name: "HashTreeCollections", package: "swift-collections")]),
    .testTarget(name: "CounterDataTests", dependencies: ["CounterData"]),
    .testTarget(name: "LinearizabilityTests", dependencies: ["Linearizability"], exclude: ["Fixtures"]),
    // The shared data layer's HTTP client against real servers on loopback: its limits and redirects.
    .testTarget(name: "ServicesTests", dependencies: ["Services", "TestSupport"]),
    .testTarget(
      name: "AnimalsDataTests",
      dependencies: [
        "AnimalsData", "ImmutableData", "Services", "TestSupport",
        .product(name: "HashTreeCollections", package: "swift-collections"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .testTarget(
      name: "QuakesDataTests",
      dependencies: [
        "QuakesData", "ImmutableData", "TestSupport",
        .product(name: "HashTreeCollections", package: "swift-collections"),
      ]),
    // The guide's published behaviour for Services, the stores and the reducers, so code written
    // against the guide keeps compiling and behaving the same here.
    .testTarget(
      name: "GuideConformanceTests",
      dependencies: [
        "Services", "AnimalsData", "QuakesData", "ImmutableData",
        .product(name: "HashTreeCollections", package: "swift-collections"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .testTarget(
      name: "AnimalsDataServerTests",
      dependencies: [
        "AnimalsData", "AnimalsDataServerCore", "AnimalsDataServerPostgres", "TestSupport", "AnimalsStress", "Linearizability",
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The lending shelf with a planted bug, for `shrink`: its tests and its benchmark compile
    // the one domain (the benchmark package depends on this product, never the other way).
    .target(name: "ShrinkFixtures", dependencies: ["Scenarios", "ReplShellSession", "ReplShellCommands", "ReplShellHost"], path: "Tests/ShrinkFixtures"),
    // A shell whose Counter went wrong on one rare path: `explore --against` tests compare the
    // real `replshell` with it.
    .executableTarget(name: "AgainstFixtureShell", dependencies: ["ReplShell", "CounterData"], path: "Tests/AgainstFixtureShell"),
    // The engine's tests, over test domains of their own.
    .testTarget(
      name: "ScenariosTests",
      dependencies: [
        "Scenarios", "ReplShellSession", "ReplShellCommands", "ReplShellHost", "ReplShellTesting", "ShrinkFixtures", "ImmutableData", "TestSupport",
        .product(name: "HashTreeCollections", package: "swift-collections"),
      ],
      exclude: ["Fixtures"]),
    // The engine driven through the sample domains: their scenarios, completions, values and listeners.
    .testTarget(
      name: "SampleDomainsTests",
      dependencies: [
        "Scenarios", "ReplShellSession", "ReplShellCommands", "ReplShellHost", "ReplShellTesting", "SampleDomains", "CounterData", "AnimalsData", "QuakesData", "AnimalsDataServerCore",
        "TestSupport",
        .product(name: "HashTreeCollections", package: "swift-collections"),
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ReplShellTests",
      dependencies: [
        "ReplShell", "ReplShellFoundation", "ReplShellSession", "ReplShellCommands", "ReplShellHost", "ReplShellTesting", "SampleDomains", "TestSupport", "AgainstFixtureShell",
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The testing helpers: the `.scenario` and session traits, `ScenarioTest`, `ExploreTest`,
    // `LinearizeTest`, driven over the sample domains.
    .testTarget(
      name: "ReplShellTestingTests",
      dependencies: [
        "ReplShellTesting", "ReplShell", "ReplShellDomain", "Scenarios", "StateValues", "SampleDomains", "CounterData", "Linearizability",
      ],
      exclude: ["Fixtures"]),
    // A running app with an attachment open, for the tests of `--attach --inspect`.
    .executableTarget(
      name: "AttachedCounter", dependencies: ["ReplShellAttachment", "ReplShellTransport", "Scenarios", "SampleDomains", "CounterData"],
      path: "Tests/AttachedCounter"),
    // The inspector served for real on loopback, and its page driven in headless Chromium.
    .testTarget(
      name: "ReplShellInspectorTests",
      dependencies: [
        "ReplShellInspector", "ReplShell", "Scenarios", "ReplShellSession", "ReplShellCommands", "ReplShellHost", "ReplShellTransport", "ReplShellAttachment", "SampleDomains",
        "TestSupport",
      ]),
    .target(
      name: "AnimalsDataServerPostgres",
      dependencies: [
        "AnimalsData", "AnimalsDataServerCore",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]),
    .target(
      name: "Services",
      dependencies: [
        "ReplShellFoundation",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .target(
      name: "TestSupport",
      dependencies: [
        "ImmutableData", "ReplShellSession", "ReplShellCommands", "ReplShellHost",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      path: "Tests/TestSupport"),
    .plugin(
      name: "ReplShellPlugin",
      capability: .command(
        intent: .custom(verb: "replshell", description: "Check the package's scenarios against their goldens, explore a domain, or run its shell")),
      path: "Plugins/ReplShellPlugin"),
    .plugin(
      name: "ReplShellGoldensPlugin",
      capability: .command(
        intent: .custom(verb: "replshell-goldens", description: "Accept the package's new scenario transcripts as goldens: update, or review one by one"),
        permissions: [.writeToPackageDirectory(reason: "update and review rewrite the scenarios' goldens")]),
      path: "Plugins/ReplShellGoldensPlugin"),
  ]
)
