import Benchmark
import Foundation
import ImmutableData
import QuakesData
import SmokeMode
import SyntheticQuakes

// Figure 8 of ENGINEERING.md: the memory of a 64k-element state against the same state after
// 10,000 dispatches, each revising one quake, with a history of them kept: the actions (what
// `replshell`'s `history` keeps), and, for comparison, every state (a time-travel history, which
// structural sharing keeps far below 10,000 copies). Resident memory is read from /proc before and
// after, so the figures do not depend on what ran earlier in the process.

let quakeCount = 65_536
let dispatchCount = SmokeMode.scaled(10_000)

/// The resident memory of this process, in bytes.
func residentBytes() -> Int {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
    let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
  else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// The action that revises quake `index`, as a later feed would.
func revision(_ index: Int, round: Int) -> QuakesAction {
  .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: [SyntheticQuakes.quake(index, revision: round + 1)])))))
}

/// What a history keeps of each dispatch.
enum Kept: String, CaseIterable {
  case actions
  case states
}

/// Builds the 64k state, dispatches 10,000 revisions keeping `kept` of each, and prints the
/// resident memory of the state alone and with its history.
@MainActor func measureHistory(keeping kept: Kept) throws {
  let before = residentBytes()
  let state = try SyntheticQuakes.state(count: quakeCount)
  let stateAlone = residentBytes() - before
  let store = Store(initialState: state, reducer: QuakesReducer.reduce)
  var actions: [QuakesAction] = []
  var states: [QuakesState] = []
  for round in 0..<dispatchCount {
    let action = revision((round &* 7919) % quakeCount, round: round)
    try store.dispatch(action: action)
    switch kept {
    case .actions: actions.append(action)
    case .states: states.append(store.state)
    }
  }
  let total = residentBytes() - before
  blackHole((actions, states, store.state))
  let ratio = Double(total) / Double(max(stateAlone, 1))
  print(
    "memory: 64k state \(stateAlone / 1_048_576) MiB; with the 10,000 \(kept.rawValue) kept \(total / 1_048_576) MiB; ratio \(String(format: "%.2f", ratio))×"
  )
}

let benchmarks: @Sendable () -> Void = {
  SmokeCheck.install()
  Benchmark.defaultConfiguration = Benchmark.Configuration(metrics: [.wallClock, .peakMemoryResident], warmupIterations: 0, maxIterations: 1).smoked

  for kept in Kept.allCases {
    Benchmark("8 memory: 64k state, then 10,000 dispatches with their \(kept.rawValue) kept") { _ in
      try await MainActor.run { try measureHistory(keeping: kept) }
    }
  }
}
