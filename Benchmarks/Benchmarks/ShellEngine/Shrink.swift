import Benchmark
import Foundation
import Scenarios
import SmokeMode

// The shrinking figure of ENGINEERING.md: a recording of 10,000 (and 100,000) actions over 40
// items — each added, lent, returned and removed in turn — with the three actions of a bug among
// them (an item added, lent to Ada, removed while lent: the removal forgets her loan), shrunk by
// `shrink invariant selectDanglingLoans == 0` to exactly those three.

/// What happened at the lending shelf.
enum LendingAction: Codable, Equatable, Sendable {
  case didAddItem(id: Int, name: String)
  case didLendItem(id: Int, to: String)
  case didReturnItem(id: Int)
  case didRemoveItem(id: Int)
}

/// The items by id and who holds each one lent.
struct LendingState: Codable, Equatable, Sendable {
  var items: [Int: String] = [:]
  var loans: [Int: String] = [:]
}

struct LendingRefusal: Error {}

/// The lending shelf with its bug: removing an item lent to Ada forgets her loan.
let lendingDomain = Domain(
  name: "lending", summary: "items lent and removed, for shrink",
  initialState: { LendingState() },
  reducer: { (state: LendingState, action: LendingAction) throws -> LendingState in
    var state = state
    switch action {
    case .didAddItem(let id, let name):
      guard state.items[id] == nil else { throw LendingRefusal() }
      state.items[id] = name
    case .didLendItem(let id, let to):
      guard state.items[id] != nil, state.loans[id] == nil else { throw LendingRefusal() }
      state.loans[id] = to
    case .didReturnItem(let id):
      guard state.loans[id] != nil else { throw LendingRefusal() }
      state.loans[id] = nil
    case .didRemoveItem(let id):
      guard state.items[id] != nil else { throw LendingRefusal() }
      state.items[id] = nil
      if state.loans[id] != "Ada" { state.loans[id] = nil }
    }
    return state
  },
  actionExamples: [LendingAction.didAddItem(id: 1, name: "a"), .didLendItem(id: 1, to: "b"), .didReturnItem(id: 1), .didRemoveItem(id: 1)],
  selectors: [SelectorDefinition("selectDanglingLoans") { { (state: LendingState) in state.loans.keys.filter { state.items[$0] == nil }.count } }])

/// `count` dispatch lines of noise over 40 items with the bug's three on item 777 at a fifth, a
/// half and four fifths of the way.
func lendingRecording(count: Int) -> [String] {
  var lines: [String] = []
  lines.reserveCapacity(count)
  var phase = Array(repeating: 0, count: 40)
  var seed: UInt64 = 42
  let bug = ["didAddItem(id: 777, name: \"broken lamp\")", "didLendItem(id: 777, to: \"Ada\")", "didRemoveItem(id: 777)"]
  let bugAt = [count / 5, count / 2, count * 4 / 5]
  var bugStep = 0
  while lines.count < count {
    if bugStep < 3 && lines.count >= bugAt[bugStep] {
      lines.append("dispatch " + bug[bugStep])
      bugStep += 1
      continue
    }
    seed = seed &* 6364136223846793005 &+ 1442695040888963407
    let item = Int((seed >> 33) % 40)
    let id = item + 1
    switch phase[item] {
    case 0: lines.append("dispatch didAddItem(id: \(id), name: \"item \(id)\")")
    case 1: lines.append("dispatch didLendItem(id: \(id), to: \"reader \(Int((seed >> 20) % 9))\")")
    case 2: lines.append("dispatch didReturnItem(id: \(id))")
    default: lines.append("dispatch didRemoveItem(id: \(id))")
    }
    phase[item] = (phase[item] + 1) % 4
  }
  return lines
}

/// A session that ran the recording of `count` actions.
@MainActor func recordedLendingShell(count: Int) async throws -> Shell {
  let shell = Shell(domains: [lendingDomain], isScript: true, baseDirectory: FileManager.default.temporaryDirectory)
  _ = try await shell.start(domain: "lending", options: ["listeners": "off"])
  for line in lendingRecording(count: count) {
    _ = await shell.execute(line)
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
      let result = await shell.execute("shrink invariant selectDanglingLoans == 0")
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
