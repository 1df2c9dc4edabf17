import Benchmark
import Foundation
import ReplShellHost
import ReplShellSession
import Scenarios
import ShrinkFixtures
import SmokeMode

// The shrinking figure of ENGINEERING.md: a recording of 10,000 (and 100,000) actions over 40
// items — each added, lent, returned and removed in turn — with the three actions of a bug among
// them (an item added, lent to Ada, removed while lent: the removal forgets her loan), shrunk by
// `shrink invariant selectDanglingLoans == 0` to exactly those three. The shelf and its recording
// are the tests' own (`ShrinkFixtures`, a product of the main package).

/// A session that ran the recording of `count` actions.
@MainActor func recordedLendingShell(count: Int) async throws -> Shell {
  let shell = Shell(domains: [.lending(bug: .always)], isScript: true, baseDirectory: FileManager.default.temporaryDirectory)
  _ = try await shell.start(domain: "lending", options: ["listeners": "off"])
  for line in lendingSession(count: count) {
    _ = await shell.run(line)
  }
  return shell
}

/// Registers `shrink` on the recordings of 10,000 and 100,000 actions; each checks that exactly
/// the bug's three actions are left.
func shrinkBenchmarks() {
  for (count, label) in [(10_000, "10k"), (100_000, "100k")] {
    Benchmark("shrink a \(label)-action recording to its 3-action bug", configuration: Benchmark.Configuration(metrics: [.wallClock], warmupIterations: 0, maxIterations: 3).smoked) { benchmark in
      let shell = try await recordedLendingShell(count: SmokeMode.scaled(count))
      benchmark.startMeasurement()
      let result = await shell.run("shrink invariant selectDanglingLoans == 0")
      benchmark.stopMeasurement()
      let lines = result.lines.map(\.text)
      let shrunk = lines.filter { $0.hasPrefix("  dispatch ") }
      if shrunk.count != 3 || !shrunk[1].contains("to: \"Ada\"") {
        benchmark.error("shrink left \(shrunk.count) actions: \(lines.prefix(6))")
      }
      print(lines.first ?? "")
      await shell.close()
    }
  }
}
