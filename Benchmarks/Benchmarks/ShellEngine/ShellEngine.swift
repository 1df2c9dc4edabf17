import Benchmark
import Foundation
import HashTreeCollections
import QuakesData
import ReplShellDomain
import SampleDomains
import SmokeMode
import StateValues
import SyntheticQuakes
@_spi(Internals) import Scenarios

// Figures 4 and 5 of ENGINEERING.md: the diff the shell prints after a dispatch on a 64k-quake
// state, and how many counter dispatch lines a script runs per second.

/// The states of the diff figure: `count` quakes, then the same with one quake revised.
struct DiffFixture: Sendable {
  let old: QuakesState
  let new: QuakesState
  /// The two states' quake dictionaries, read once through reflection: the domain keeps them `package`.
  let oldQuakes: TreeDictionary<Quake.ID, Quake>
  let newQuakes: TreeDictionary<Quake.ID, Quake>

  /// The diff with the specialization the Quakes domain declares for its quake dictionary, as the shell runs it.
  let stateDiff = StateDiff(specializations: [.treeDictionary(Quake.ID.self, Quake.self)])

  init(count: Int) throws {
    self.old = try SyntheticQuakes.state(count: count)
    self.new = try QuakesReducer.reduce(
      state: old,
      action: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: [SyntheticQuakes.quake(count / 5, revision: 1)])))))
    )
    self.oldQuakes = try Self.quakes(of: old)
    self.newQuakes = try Self.quakes(of: new)
  }

  private static func quakes(of state: QuakesState) throws -> TreeDictionary<Quake.ID, Quake> {
    guard let quakes = Mirror(reflecting: state).descendant("quakes", "data") as? TreeDictionary<Quake.ID, Quake> else {
      throw FixtureError.noQuakeDictionary
    }
    return quakes
  }

  /// What the shell does after a dispatch: diff the Swift values and render the lines it prints.
  func diffText() throws -> String {
    try stateDiff.lines(from: old, to: new).map(\.text).joined(separator: "\n")
  }

  /// The floor of any O(n) diff: both quake dictionaries walked side by side in their own order,
  /// keys and values compared with `==`, nothing else. Returns the number of unequal pairs.
  func equalityWalk() -> Int {
    var unequal = 0
    for (before, after) in zip(oldQuakes, newQuakes) where before.key != after.key || before.value != after.value {
      unequal += 1
    }
    return unequal
  }
}

/// The state no longer holds its quakes at `quakes.data`.
enum FixtureError: Error {
  case noQuakeDictionary
}

/// FNV-1a over the UTF-8 bytes: a digest that, unlike `hashValue`, is the same in every process.
func digest(_ text: String) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 {
    hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
  }
  return String(hash, radix: 16)
}

/// A counter script of `lineCount` lines: `use counter`, then dispatches.
func counterScript(lineCount: Int) -> String {
  var lines = ["use counter"]
  lines.reserveCapacity(lineCount)
  for index in 1..<lineCount {
    lines.append(index.isMultiple(of: 2) ? "dispatch didTapDecrementButton" : "dispatch didTapIncrementButton")
  }
  return lines.joined(separator: "\n") + "\n"
}

/// Runs `script` through the scenario runner and writes its transcript to `output`; returns whether it succeeded.
@MainActor func runScript(_ script: String, writingTo output: URL) async throws -> Bool {
  let outcome = await ScriptRunner(domains: Domain.samples).run(text: script, name: "throughput.txt", baseDirectory: output.deletingLastPathComponent())
  try outcome.text.write(to: output, atomically: false, encoding: .utf8)
  return outcome.succeeded
}

let scriptLineCount = SmokeMode.scaled(100_000)

/// Built once per process per size: making the quakes takes a while, and only the diff is measured.
/// The digest is printed so that runs in separate processes (different hash seeds, so different
/// `TreeDictionary` orders) can be compared byte for byte.
func makeFixture(count: Int) -> Result<(fixture: DiffFixture, text: String), any Error> {
  Result {
    let fixture = try DiffFixture(count: count)
    let text = try fixture.diffText()
    print("diff of one changed quake in \(count): \(text.split(separator: "\n").count) lines, FNV-1a \(digest(text))")
    return (fixture: fixture, text: text)
  }
}

let fixture64k = makeFixture(count: 65_536)
let fixture1k = makeFixture(count: 1_024)

/// Registers the diff of one changed quake, rendered as the shell prints it, and the side-by-side
/// equality walk over the same two states.
func diffPair(diff diffName: String, walk walkName: String, fixture: Result<(fixture: DiffFixture, text: String), any Error>) {
  Benchmark(diffName) { benchmark in
    let (states, expected) = try fixture.get()
    benchmark.startMeasurement()
    let text = try states.diffText()
    benchmark.stopMeasurement()
    if text != expected {
      benchmark.error("the diff differs from the first one computed in this process")
    }
  }

  Benchmark(walkName) { benchmark in
    let states = try fixture.get().fixture
    benchmark.startMeasurement()
    blackHole(states.equalityWalk())
  }
}

let benchmarks: @Sendable () -> Void = {
  SmokeCheck.install()
  Benchmark.defaultConfiguration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: 1,
    maxDuration: .seconds(10),
    maxIterations: 20
  ).smoked

  // Figure 4: the diff as the shell prints it, against the floor of any O(n) method, side by side.
  diffPair(diff: "diff 64k, one change", walk: "equality walk 64k", fixture: fixture64k)
  diffPair(diff: "diff 1k, one change", walk: "equality walk 1k", fixture: fixture1k)

  // Undo / jump: time travel on the two sizes, side by side.
  timeTravelBenchmarks(count: 65_536, label: "64k")
  timeTravelBenchmarks(count: 1_024, label: "1k")

  // `why <path>` on 64k quakes after 10,000 dispatches.
  whyBenchmarks()
  coldWhyBenchmark()

  // `shrink` on recordings of 10,000 and 100,000 actions with a 3-action bug among them.
  shrinkBenchmarks()

  Benchmark(
    "5 script, 100k counter lines to a file",
    configuration: Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(30), maxIterations: 5).smoked
  ) { benchmark in
    let script = counterScript(lineCount: scriptLineCount)
    let output = FileManager.default.temporaryDirectory.appending(path: "replshell-throughput-\(getpid()).txt")
    defer { try? FileManager.default.removeItem(at: output) }
    benchmark.startMeasurement()
    let succeeded = try await runScript(script, writingTo: output)
    benchmark.stopMeasurement()
    if !succeeded {
      benchmark.error("the counter script failed; see \(output.path)")
    }
  }
}
