import CounterData
import Foundation
import ReplShellAttachment

// What an attachment costs the app's dispatch, one run: for (a) the bare counter store and (b) the
// same store with one listener stream drained on the main actor (as the guide's apps run their
// listeners), the dispatch with the attachment open and no shell, after a shell has tailed and
// left, with 1 shell tailing, with 10 shells tailing, and after those 10 have left; medians, and ratios against the
// no-shell case of the same store. Then the round trip of `select` over the socket against the
// same line in a local session. A plain release executable: `swift run -c release AttachCost`.

let counter = Domain(
  name: "counter", summary: "one integer", initialState: { CounterState() }, reducer: CounterReducer.reduce,
  actionExamples: [CounterAction.didTapIncrementButton, .didTapDecrementButton],
  selectors: [SelectorDefinition("selectValue") { CounterState.selectValue() }])

/// Dispatches timed per sample: a burst of 10,000 (more than the tap's ring of 512 holds, so a
/// tailing shell sees most of them dropped), and bursts of 256 the ring holds, 20 ms apart.
let burst = 10_000
let pacedBurst = 256
let samples = 21

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

/// The dispatch costs of one phase, in ns per dispatch.
struct Phase {
  let name: String
  var bursts: [Double] = []
  var paced: [Double] = []
}

/// Times the app's dispatches on the main actor, between pauses in which the tap, the shells and
/// the listener catch up.
@MainActor func measurePhase(_ name: String, on store: Store<CounterState, CounterAction>) async throws -> Phase {
  var phase = Phase(name: name)
  for _ in 0..<samples {
    let start = ContinuousClock.now
    for _ in 0..<burst { try store.dispatch(action: .didTapIncrementButton) }
    phase.bursts.append(seconds(ContinuousClock.now - start) / Double(burst) * 1e9)
    try await Task.sleep(for: .milliseconds(150))
  }
  for _ in 0..<samples {
    let start = ContinuousClock.now
    for _ in 0..<pacedBurst { try store.dispatch(action: .didTapIncrementButton) }
    phase.paced.append(seconds(ContinuousClock.now - start) / Double(pacedBurst) * 1e9)
    try await Task.sleep(for: .milliseconds(20))
  }
  return phase
}

/// Waits until `condition` holds, dispatching one action now and then so tailing shells get one.
@MainActor func waitUntil(_ what: String, on store: Store<CounterState, CounterAction>, _ condition: () -> Bool) async throws {
  let deadline = ContinuousClock.now + .seconds(30)
  while !condition() {
    guard ContinuousClock.now < deadline else { throw BenchmarkFailure("timed out waiting until \(what)") }
    try store.dispatch(action: .didTapIncrementButton)
    try await Task.sleep(for: .milliseconds(20))
  }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// One store set-up measured through its phases; prints its rows.
@MainActor func measure(_ title: String, store: Store<CounterState, CounterAction>) async throws {
  let attachment = try ReplShellAttachment(store: store, domain: counter, app: "attachcost")
  defer { attachment.close() }
  var phases: [Phase] = []
  phases.append(try await measurePhase("attachment open, no shell", on: store))

  let first = try TailingShell(path: attachment.path)
  first.send(#"{"line": "tail"}"#)
  try await waitUntil("the first shell tails", on: store) { first.counts.dispatched > 0 }
  first.send(#"{"untail": true}"#)
  try await Task.sleep(for: .milliseconds(300))
  phases.append(try await measurePhase("after a shell tailed and left", on: store))

  // One shell: the ring and the diffs, with one shell to send to.
  let tailedBefore = first.counts.dispatched
  first.send(#"{"line": "tail"}"#)
  try await waitUntil("the first shell tails again", on: store) { first.counts.dispatched > tailedBefore }
  phases.append(try await measurePhase("1 shell tailing", on: store))
  first.send(#"{"untail": true}"#)
  try await Task.sleep(for: .milliseconds(300))

  let shells = try (0..<10).map { _ in try TailingShell(path: attachment.path) }
  for shell in shells { shell.send(#"{"line": "tail"}"#) }
  try await waitUntil("10 shells tail", on: store) { shells.allSatisfy { $0.counts.dispatched > 0 } }
  let before = shells.map(\.counts)
  let tailing = try await measurePhase("10 shells tailing", on: store)
  try await Task.sleep(for: .milliseconds(500))
  let after = shells.map(\.counts)
  for shell in shells { shell.send(#"{"untail": true}"#) }
  try await Task.sleep(for: .milliseconds(300))
  phases.append(tailing)
  phases.append(try await measurePhase("after the 10 shells left", on: store))
  first.close()
  for shell in shells { shell.close() }

  let dispatched = samples * (burst + pacedBurst)
  let delivered = zip(before, after).map { $1.dispatched - $0.dispatched }
  let told = zip(before, after).map { $1.dropped - $0.dropped }
  print("\(title)")
  let baseline = phases[0]
  for phase in phases {
    let bursts = median(phase.bursts)
    let paced = median(phase.paced)
    let ratios =
      phase.name == baseline.name
      ? "baseline"
      : String(format: "%.2f× / %.2f×", bursts / median(baseline.bursts), paced / median(baseline.paced))
    print(
      "  \(phase.name.padding(toLength: 30, withPad: " ", startingAt: 0)) bursts of \(burst): \(String(format: "%6.1f", bursts)) ns   bursts of \(pacedBurst): \(String(format: "%6.1f", paced)) ns   \(ratios)"
    )
  }
  print(
    "  while 10 shells tailed: \(dispatched) dispatches; each shell got \(delivered.min()!)…\(delivered.max()!) of them with their diffs and was told \(told.min()!)…\(told.max()!) were dropped"
  )
}

@MainActor func measureSelect() async throws {
  let store = Store(initialState: CounterState(), reducer: CounterReducer.reduce)
  let attachment = try ReplShellAttachment(store: store, domain: counter, app: "attachcost")
  defer { attachment.close() }
  let shell = try TailingShell(path: attachment.path, reads: false)
  // The round trips run on a thread of their own, timed there; the main actor answers them.
  let remote = await offMain { () -> [Double] in
    shell.roundTrip("select selectValue")
    return (0..<201).map { _ in
      let start = ContinuousClock.now
      shell.roundTrip("select selectValue")
      return seconds(ContinuousClock.now - start) * 1e6
    }
  }
  let local = Shell(domains: [counter], isScript: false, baseDirectory: URL(fileURLWithPath: "/"))
  try await local.start(domain: "counter")
  var here: [Double] = []
  for _ in 0..<201 {
    let start = ContinuousClock.now
    _ = await local.execute("select selectValue")
    here.append(seconds(ContinuousClock.now - start) * 1e6)
  }
  shell.close()
  print("select, local session:            median \(String(format: "%.1f", median(here))) µs")
  print("select, over the socket:          median \(String(format: "%.1f", median(remote))) µs  (\(String(format: "%.1f", median(remote) / median(here)))×)")
}

/// Runs blocking work on a thread of its own while the main actor stays free to answer.
func offMain<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: work()) }
  }
}

@MainActor func main() async throws {
  print("dispatch of the counter, ns per dispatch (medians of \(samples)); ratios against the same store's no-shell case")
  let bare = Store(initialState: CounterState(), reducer: CounterReducer.reduce)
  try await measure("(a) the bare counter store, no listener", store: bare)

  let withListener = Store(initialState: CounterState(), reducer: CounterReducer.reduce)
  let stream = withListener.makeStream()
  let listener = Task { @MainActor in
    var received = 0
    for await _ in stream { received += 1 }
    return received
  }
  try await measure("(b) the counter store with one listener stream drained on the main actor", store: withListener)
  listener.cancel()

  try await measureSelect()
}

try await main()
