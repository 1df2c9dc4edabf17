import Benchmark
import Foundation
import QuakesData
import SampleDomains
@_spi(Internals) import Scenarios
import SyntheticQuakes

// Figures 4 and 5 of ENGINEERING.md: the diff the shell prints after a dispatch on a 64k-quake
// state, and how many counter dispatch lines a script runs per second.

let quakeCount = 65_536
let changedIndex = 12_345

/// The states of the diff figure: 64k quakes, then the same with one quake revised.
struct DiffFixture: Sendable {
  let old: QuakesState
  let new: QuakesState
  /// The old state as the shell keeps it between dispatches: already encoded.
  let oldValue: Value

  /// The diff with the specialization the Quakes domain declares for its quake dictionary, as the shell runs it.
  let stateDiff = StateDiff(specializations: [.treeDictionary(Quake.ID.self, Quake.self)])

  init() throws {
    self.old = try SyntheticQuakes.state(count: quakeCount)
    self.new = try QuakesReducer.reduce(
      state: old,
      action: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: [SyntheticQuakes.quake(changedIndex, revision: 1)])))))
    )
    self.oldValue = try ValueEncoder.encode(old)
  }

  /// What the shell does after a dispatch on a large state: diff the Swift values, encoding only what changed.
  func diffText() -> String {
    stateDiff.lines(from: old, to: new).map(\.text).joined(separator: "\n")
  }

  /// The baseline: encode the whole new state and diff the two encodings (what the shell does for small states).
  func encodedDiffText() throws -> String {
    let newValue = try ValueEncoder.encode(new)
    return ValueDiff.lines(from: oldValue, to: newValue).map(\.text).joined(separator: "\n")
  }
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

let scriptLineCount = 100_000

/// The typed diff and the encoded diff printed different text: a bug in one of them.
struct DiffMismatch: Error {}

/// Built once per process: 64k quakes take a while to make and encode, and only the diff is measured.
/// Its digest is printed so that runs in separate processes (different hash seeds, so different
/// `TreeDictionary` orders) can be compared byte for byte.
let diffFixture = Result {
  let fixture = try DiffFixture()
  let text = fixture.diffText()
  guard text == (try fixture.encodedDiffText()) else {
    throw DiffMismatch()
  }
  print("diff of one changed quake in \(quakeCount): \(text.split(separator: "\n").count) lines, FNV-1a \(digest(text))")
  return (fixture: fixture, text: text)
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    warmupIterations: 1,
    maxDuration: .seconds(10),
    maxIterations: 20
  )

  Benchmark("4 diff 64k, one changed: StateDiff + render (what the shell does)") { benchmark in
    let (fixture, expected) = try diffFixture.get()
    benchmark.startMeasurement()
    let text = fixture.diffText()
    benchmark.stopMeasurement()
    if text != expected {
      benchmark.error("the diff differs from the first one computed in this process")
    }
  }

  Benchmark("4 diff 64k, one changed: baseline, encode new + ValueDiff + render") { benchmark in
    let (fixture, expected) = try diffFixture.get()
    benchmark.startMeasurement()
    let text = try fixture.encodedDiffText()
    benchmark.stopMeasurement()
    if text != expected {
      benchmark.error("the encoded diff differs from the typed one")
    }
  }

  Benchmark("4 diff 64k, one changed: ValueEncoder.encode(new) only") { benchmark in
    let fixture = try diffFixture.get().fixture
    benchmark.startMeasurement()
    blackHole(try ValueEncoder.encode(fixture.new))
  }

  Benchmark("4 diff 64k, one changed: ValueDiff.lines only") { benchmark in
    let fixture = try diffFixture.get().fixture
    let newValue = try ValueEncoder.encode(fixture.new)
    benchmark.startMeasurement()
    blackHole(ValueDiff.lines(from: fixture.oldValue, to: newValue))
  }

  Benchmark(
    "5 script, 100k counter lines to a file",
    configuration: .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(30), maxIterations: 5)
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
