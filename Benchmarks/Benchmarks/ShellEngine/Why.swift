import Benchmark
import Foundation
import QuakesData
import ReplShellDomain
import ReplShellHost
import ReplShellSession
import Scenarios
import SmokeMode
import SyntheticQuakes

// The `why` figure of ENGINEERING.md: `why <path>` on a 64k-quake state after 10,000 dispatches,
// each revising another quake, as the shell runs it. The dispatches record the paths their diffs
// found changed (the index `why` searches), so `why` walks 10,000 short lists and reads the value
// at the path in two states; it diffs nothing again.

/// The resident memory of this process, in bytes.
func residentBytes() -> Int {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
    let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
  else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// The shell the `why` benchmarks share: making it runs 10,000 dispatches on 64k quakes, a
/// few seconds each benchmark would otherwise repeat.
@MainActor enum WhyFixture {
  static let dispatchCount = SmokeMode.scaled(10_000)
  private static var made: Result<Shell, any Error>?

  /// The shell, made on first use; prints the resident memory of the state alone and with the
  /// session's history and index of 10,000 dispatches.
  static func shell() async throws -> Shell {
    if let made { return try made.get() }
    let before = residentBytes()
    let outcome: Result<Shell, any Error>
    do {
      let domain = try revisionDomain(count: 65_536)
      let stateAlone = residentBytes() - before
      let shell = Shell(domains: [domain], isScript: true, baseDirectory: FileManager.default.temporaryDirectory)
      _ = try await shell.start(domain: domain.name)
      // Quake 7 × n for n in 1...10,000: 10,000 different quakes (7 is prime to 65,536).
      for round in 1...dispatchCount {
        let result = await shell.run("dispatch didReviseQuake(index: \((round * 7) % 65_536))")
        if !result.succeeded { throw WhyFixtureError.dispatchFailed(round) }
      }
      let total = residentBytes() - before
      print(
        "why fixture: 64k state \(stateAlone / 1_048_576) MiB; with the session's history and index of \(dispatchCount) dispatches \(total / 1_048_576) MiB"
      )
      outcome = .success(shell)
    } catch {
      outcome = .failure(error)
    }
    made = outcome
    return try outcome.get()
  }
}

/// Registers the cold case: 10,000 revisions a listener dispatched and `hide` kept out of the
/// output, so their diffs were never computed; `why` compares the parts at its path in the two
/// states of each (the typed requests changed nothing: their paths are known from their diffs),
/// and the resident memory before and after it shows what that keeps (nothing: no index grows).
func coldWhyBenchmark() {
  Benchmark("why, cold: the first on 10,000 hidden dispatches, 64k quakes", configuration: Benchmark.Configuration(metrics: [.wallClock], warmupIterations: 0, maxIterations: 1).smoked) { benchmark in
    let shell = try await hiddenDispatchesShell()
    let before = residentBytes()
    benchmark.startMeasurement()
    let result = await shell.run("why quakes.data[\"bench000007\"].magnitude")
    benchmark.stopMeasurement()
    print("why, cold: resident memory before the first why \(before / 1_048_576) MiB, after it \((residentBytes()) / 1_048_576) MiB")
    if result.lines.first?.text.hasPrefix("#2 ↳ didReviseQuake(index: 7)") != true {
      benchmark.error("the cold why printed \(result.lines.prefix(3).map(\.text))")
    }
    await shell.close()
  }
}

/// The actions of the cold case: a typed request, which changes nothing, and the revision a
/// listener dispatches for it, which `hide` keeps out of the output (so its diff is never computed).
enum ListenedRevision: Codable, Equatable, Sendable {
  case requestRevision(index: Int)
  case didReviseQuake(index: Int)
}

/// Keeps the cold case's listener task alive while the session runs.
final class RevisionListener: Sendable {
  let task: Task<Void, Never>
  init(task: Task<Void, Never>) { self.task = task }
  deinit { task.cancel() }
}

/// A 64k-quake domain whose listener revises the quake each request names.
func listenedRevisionDomain() throws -> Domain {
  let state = try SyntheticQuakes.state(count: 65_536)
  return Domain(
    name: "listened", summary: "64k synthetic quakes revised by a listener",
    initialState: { state },
    reducer: { (state: QuakesState, action: ListenedRevision) in
      guard case .didReviseQuake(let index) = action else { return state }
      let quakes = [SyntheticQuakes.quake(index, revision: 1)]
      return try QuakesReducer.reduce(state: state, action: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: quakes))))))
    },
    actionExamples: [.requestRevision(index: 0), .didReviseQuake(index: 0)], selectors: [],
    diffSpecializations: [.treeDictionary(Quake.ID.self, Quake.self)],
    listen: { store, _ in
      let stream = store.makeStream()
      let task = Task { @MainActor in
        for await (_, action) in stream {
          if case .requestRevision(let index) = action { try? store.dispatch(action: .didReviseQuake(index: index)) }
        }
      }
      return RevisionListener(task: task)
    })
}

/// A shell on 64k quakes after 10,000 revisions its listener dispatched, hidden: no diff of
/// theirs was computed, so the index `why` searches holds none of them yet.
@MainActor func hiddenDispatchesShell() async throws -> Shell {
  let domain = try listenedRevisionDomain()
  let shell = Shell(domains: [domain], isScript: true, baseDirectory: FileManager.default.temporaryDirectory)
  _ = try await shell.start(domain: domain.name)
  _ = await shell.run("hide didReviseQuake")
  for round in 1...WhyFixture.dispatchCount {
    let result = await shell.run("dispatch requestRevision(index: \((round * 7) % 65_536))")
    if !result.succeeded { throw WhyFixtureError.dispatchFailed(round) }
  }
  return shell
}

/// A dispatch of the fixture failed.
enum WhyFixtureError: Error {
  case dispatchFailed(Int)
}

/// Registers `why` on the fixture: a path the first dispatch changed (every entry searched, the
/// last one matches), a path no dispatch changed (every entry searched, the value printed), and
/// `--all` on the first one.
func whyBenchmarks() {
  let lines = [
    ("why, changed by the first of 10,000 dispatches, 64k quakes", "why quakes.data[\"bench000007\"].magnitude", "#1 didReviseQuake(index: 7)"),
    ("why, changed by none of 10,000 dispatches, 64k quakes", "why quakes.data[\"bench000003\"].magnitude", "`quakes.data.bench000003.magnitude` has not changed"),
    ("why --all, 10,000 dispatches, 64k quakes", "why --all quakes.data[\"bench000014\"]", "#2 didReviseQuake(index: 14)"),
  ]
  for (name, line, expected) in lines {
    Benchmark(name, configuration: Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 50).smoked) { benchmark in
      let shell = try await WhyFixture.shell()
      benchmark.startMeasurement()
      let result = await shell.run(line)
      benchmark.stopMeasurement()
      if !result.succeeded || !(result.lines.first?.text.hasPrefix(expected) ?? false) {
        benchmark.error("`\(line)` printed \(result.lines.prefix(3).map(\.text)), not \(expected)…")
      }
    }
  }
}
