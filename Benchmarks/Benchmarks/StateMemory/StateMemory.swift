import Benchmark
import Foundation
import ImmutableData
import QuakesData
import SyntheticQuakes

// Figure 8 of ENGINEERING.md: the memory of a 64k-element state against the same state after
// 10,000 dispatches, each revising one quake, with a history of them kept: the actions (what
// `replshell`'s `history` keeps), and, for comparison, every state (a time-travel history, which
// structural sharing keeps far below 10,000 copies). Resident memory is read from /proc before and
// after, so the figures do not depend on what ran earlier in the process.

let quakeCount = 65_536
let dispatchCount = 10_000

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

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .peakMemoryResident], warmupIterations: 0, maxIterations: 1)

  Benchmark("8 memory: 64k state, then 10,000 dispatches with their actions kept") { benchmark in
    let before = residentBytes()
    let state = try SyntheticQuakes.state(count: quakeCount)
    let stateAlone = residentBytes() - before
    let history = try await MainActor.run {
      let store = Store(initialState: state, reducer: QuakesReducer.reduce)
      var history: [QuakesAction] = []
      history.reserveCapacity(dispatchCount)
      for round in 0..<dispatchCount {
        let action = revision((round &* 7919) % quakeCount, round: round)
        try store.dispatch(action: action)
        history.append(action)
      }
      return (history, store.state)
    }
    report("with the 10,000 actions kept", stateAlone: stateAlone, total: residentBytes() - before)
    blackHole(history)
  }

  Benchmark("8 memory: 64k state, then 10,000 dispatches with every state kept") { benchmark in
    let before = residentBytes()
    let state = try SyntheticQuakes.state(count: quakeCount)
    let stateAlone = residentBytes() - before
    let history = try await MainActor.run {
      let store = Store(initialState: state, reducer: QuakesReducer.reduce)
      var history: [QuakesState] = [store.state]
      history.reserveCapacity(dispatchCount + 1)
      for round in 0..<dispatchCount {
        try store.dispatch(action: revision((round &* 7919) % quakeCount, round: round))
        history.append(store.state)
      }
      return history
    }
    report("with the 10,000 states kept", stateAlone: stateAlone, total: residentBytes() - before)
    blackHole(history)
  }
}

/// Prints the figure: the state alone, the state with its history, and their ratio.
func report(_ what: String, stateAlone: Int, total: Int) {
  let ratio = Double(total) / Double(max(stateAlone, 1))
  print("memory: 64k state \(stateAlone / 1_048_576) MiB; \(what) \(total / 1_048_576) MiB; ratio \(String(format: "%.2f", ratio))×")
}
