import Benchmark
import Foundation
import QuakesData
import ReplShellDomain
import ReplShellHost
import ReplShellSession
import Scenarios
import SyntheticQuakes

// The undo / jump figure of ENGINEERING.md: `undo`, `redo` and `jump` as the shell runs them on a 64k-quake
// state and on a 1k one, side by side. The history keeps every state, which shares its structure
// with the others, so going back and forth copies no state: time and allocations stay flat
// between the two sizes (what is left is the diff the shell prints, one quake long).

/// The one action of the benchmark's domain: a later feed revised one quake.
enum RevisionAction: Codable, Equatable, Sendable {
  case didReviseQuake(index: Int)
}

/// A domain whose state starts with `count` quakes and whose action revises one of them.
func revisionDomain(count: Int) throws -> Domain {
  let state = try SyntheticQuakes.state(count: count)
  return Domain(
    name: "quakes\(count)", summary: "\(count) synthetic quakes",
    initialState: { state },
    reducer: { (state: QuakesState, action: RevisionAction) in
      guard case .didReviseQuake(let index) = action else { return state }
      let quakes = [SyntheticQuakes.quake(index, revision: 1)]
      return try QuakesReducer.reduce(state: state, action: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: quakes))))))
    },
    actionExamples: [.didReviseQuake(index: 0)], selectors: [],
    diffSpecializations: [.treeDictionary(Quake.ID.self, Quake.self)])
}

/// A script shell on `domain` after ten dispatches, each revising another quake.
@MainActor func travelledShell(_ domain: Domain) async throws -> Shell {
  let shell = Shell(domains: [domain], isScript: true, baseDirectory: FileManager.default.temporaryDirectory)
  _ = try await shell.start(domain: domain.name)
  for index in 1...10 {
    _ = await shell.run("dispatch didReviseQuake(index: \(index * 97))")
  }
  return shell
}

/// Registers `undo` + `redo` and `jump 0` + `jump 10` on a state of `count` quakes.
func timeTravelBenchmarks(count: Int, label: String) {
  let domain = Result { try revisionDomain(count: count) }
  for (name, lines) in [("undo + redo", ["undo", "redo"]), ("jump 5 + jump 10", ["jump 5", "jump 10"])] {
    Benchmark("time travel: \(name), \(label) quakes") { benchmark in
      let shell = try await travelledShell(domain.get())
      benchmark.startMeasurement()
      for line in lines where !(await shell.run(line)).succeeded {
        benchmark.error("`\(line)` failed")
      }
      benchmark.stopMeasurement()
      await shell.close()
    }
  }
}
