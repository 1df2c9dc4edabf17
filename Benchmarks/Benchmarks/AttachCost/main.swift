import CounterData
import Foundation
import ReplShellAttachment
import ReplShellDomain
import ReplShellHost
import ReplShellSession

// What an attachment costs the app's dispatch, one run: for (a) the bare counter store and (b) the
// same store with one listener stream drained on the main actor (as the guide's apps run their
// listeners), the dispatch with the attachment open and no shell, after shells have tailed and
// left, with 1 shell tailing and with 10 shells tailing; medians, and ratios against the
// no-shell case of the same store. Then the round trip of `select` over the socket against the
// same line in a local session. A plain release executable: `swift run -c release AttachCost`
// (`ATTACHCOST_SAMPLES=1` prints every sample of the bursts of 10,000 too; `BENCHMARK_SMOKE=1`, as
// `make test` runs it, takes one sample of each and two round trips, to show that it still runs;
// `ATTACHCOST_ONLY=select` runs only the round trips of `select`, `ATTACHCOST_ROUND_TRIPS=N` makes
// N of them instead of 201: a phase alone, long enough for `perf record -p` to profile;
// `ATTACHCOST_ONLY=a` measures only the bare store, (a), and not `select`; `ATTACHCOST_SPLIT=1` also
// times the first dispatch of every burst of 256 apart from the other 255, and prints both medians).

let counter = Domain(
  name: "counter", summary: "one integer", initialState: { CounterState() }, reducer: CounterReducer.reduce,
  actionExamples: [CounterAction.didTapIncrementButton, .didTapDecrementButton],
  selectors: [SelectorDefinition("selectValue") { CounterState.selectValue() }])

/// Dispatches timed per sample: a burst of 10,000 (more than the tap's ring of 512 holds, so a
/// tailing shell sees most of them dropped), and bursts of 256 the ring holds, 30 ms apart.
let isSmoke = ProcessInfo.processInfo.environment["BENCHMARK_SMOKE"] == "1"
let burst = 10_000
let pacedBurst = 256
let samples = isSmoke ? 1 : 21
let roundTrips = isSmoke ? 2 : ProcessInfo.processInfo.environment["ATTACHCOST_ROUND_TRIPS"].flatMap { Int($0) } ?? 201
let onlySelect = ProcessInfo.processInfo.environment["ATTACHCOST_ONLY"] == "select"
let onlyBare = ProcessInfo.processInfo.environment["ATTACHCOST_ONLY"] == "a"

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
  /// With `ATTACHCOST_SPLIT=1`: each burst of 256's first dispatch (ns), and the others' mean (ns).
  var firsts: [Double] = []
  var rests: [Double] = []
}

let splitsFirst = ProcessInfo.processInfo.environment["ATTACHCOST_SPLIT"] == "1"
/// The last burst's first dispatch and the mean of the others, in ns (`ATTACHCOST_SPLIT=1`).
var lastSplit = (first: 0.0, rest: 0.0)

/// `sample`, with the burst's first dispatch timed apart from the others (`ATTACHCOST_SPLIT=1`).
@inline(never) @MainActor func splitSample(_ count: Int, on store: Store<CounterState, CounterAction>, pause: Duration) async throws -> Double {
  let start = ContinuousClock.now
  try store.dispatch(action: .didTapIncrementButton)
  let afterFirst = ContinuousClock.now
  for _ in 1..<count { try store.dispatch(action: .didTapIncrementButton) }
  let end = ContinuousClock.now
  lastSplit = (seconds(afterFirst - start) * 1e9, seconds(end - afterFirst) / Double(count - 1) * 1e9)
  try await Task.sleep(for: pause)
  return seconds(end - start) / Double(count) * 1e9
}

/// Times `count` dispatches of the app on the main actor, then pauses so that the tap, the
/// shells and the listener catch up: ns per dispatch. Never inlined: one copy of the loop for
/// every case, so that the compiler's inlining choices do not differ from one case to another.
@inline(never) @MainActor func sample(_ count: Int, on store: Store<CounterState, CounterAction>, pause: Duration) async throws -> Double {
  let start = ContinuousClock.now
  for _ in 0..<count { try store.dispatch(action: .didTapIncrementButton) }
  let perDispatch = seconds(ContinuousClock.now - start) / Double(count) * 1e9
  try await Task.sleep(for: pause)
  return perDispatch
}

extension Phase {
  /// Adds one sample of each kind: a burst of 10,000, then 4 bursts of 256 (their median).
  @MainActor mutating func addSamples(on store: Store<CounterState, CounterAction>) async throws {
    bursts.append(try await sample(burst, on: store, pause: .milliseconds(150)))
    var small: [Double] = []
    for _ in 0..<4 {
      guard splitsFirst else {
        small.append(try await sample(pacedBurst, on: store, pause: .milliseconds(30)))
        continue
      }
      small.append(try await splitSample(pacedBurst, on: store, pause: .milliseconds(30)))
      firsts.append(lastSplit.first)
      rests.append(lastSplit.rest)
    }
    paced.append(median(small))
  }
}

/// Waits until `condition` holds, dispatching one action now and then so tailing shells get one.
/// Fails at once when one of `shells` was refused (it speaks a protocol the app does not).
@MainActor func waitUntil(
  _ what: String, on store: Store<CounterState, CounterAction>, shells: [TailingShell], _ condition: () -> Bool
) async throws {
  let deadline = ContinuousClock.now + .seconds(30)
  while !condition() {
    if let refusal = shells.lazy.compactMap(\.counts.refusal).first { throw BenchmarkFailure("the app refused a shell: \(refusal)") }
    guard ContinuousClock.now < deadline else { throw BenchmarkFailure("timed out waiting until \(what)") }
    try store.dispatch(action: .didTapIncrementButton)
    try await Task.sleep(for: .milliseconds(20))
  }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// A store set up as the app has it, and what must live as long as it (its listener).
typealias AppStore = (store: Store<CounterState, CounterAction>, listener: Task<Int, Never>?)

/// One store set-up measured through its phases; prints its rows. Two identical stores, each
/// with its attachment: shells never attach to the first (the no-shell case), and tail the
/// second; each round measures one after the other, so that a change of the machine's load
/// weighs on every case alike.
@MainActor func measure(_ title: String, makeStore: @MainActor () -> AppStore) async throws {
  let quiet = makeStore()
  let quietAttachment = ReplShellAttachment(store: quiet.store, domain: counter, app: "attachcost-quiet")
  defer { quietAttachment.close() }
  let app = makeStore()
  let store = app.store
  let attachment = ReplShellAttachment(store: store, domain: counter, app: "attachcost")
  defer { attachment.close() }
  var alone = Phase(name: "attachment open, no shell")
  let first = try TailingShell(path: attachment.path)
  let shells = try (0..<10).map { _ in try TailingShell(path: attachment.path) }
  var left = Phase(name: "after shells tailed and left")
  var one = Phase(name: "1 shell tailing")
  var ten = Phase(name: "10 shells tailing")
  var delivered = [Int](repeating: 0, count: shells.count)
  var told = [Int](repeating: 0, count: shells.count)
  var dispatched = 0
  for _ in 0..<samples {
    try await alone.addSamples(on: quiet.store)
    // One shell: the ring and the diffs, with one shell to send to.
    let seen = first.counts.dispatched
    first.send(TailingShell.line("tail"))
    try await waitUntil("a shell tails", on: store, shells: [first]) { first.counts.dispatched > seen }
    try await one.addSamples(on: store)
    first.send(TailingShell.untail)
    // Ten shells.
    let before = shells.map(\.counts)
    for shell in shells { shell.send(TailingShell.line("tail")) }
    try await waitUntil("10 shells tail", on: store, shells: shells) { zip(shells, before).allSatisfy { $0.counts.dispatched > $1.dispatched } }
    let started = shells.map(\.counts)
    try await ten.addSamples(on: store)
    dispatched += burst + 4 * pacedBurst
    try await Task.sleep(for: .milliseconds(200))
    for (index, shell) in shells.enumerated() {
      delivered[index] += shell.counts.dispatched - started[index].dispatched
      told[index] += shell.counts.dropped - started[index].dropped
      shell.send(TailingShell.untail)
    }
    // Every shell has left: the tap is stopped.
    try await Task.sleep(for: .milliseconds(100))
    try await left.addSamples(on: store)
  }
  first.close()
  for shell in shells { shell.close() }
  quiet.listener?.cancel()
  app.listener?.cancel()
  let phases = [alone, left, one, ten]

  print("\(title)")
  let baseline = phases[0]
  for phase in phases {
    let bursts = median(phase.bursts)
    let paced = median(phase.paced)
    if splitsFirst {
      print("    \(phase.name), bursts of \(pacedBurst): first dispatch median \(String(format: "%.0f", median(phase.firsts))) ns, the other \(pacedBurst - 1) median \(String(format: "%.1f", median(phase.rests))) ns")
    }
    if ProcessInfo.processInfo.environment["ATTACHCOST_SAMPLES"] != nil {
      print("    \(phase.name) bursts:", phase.bursts.map { String(format: "%.1f", $0) }.joined(separator: " "))
    }
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
  let attachment = ReplShellAttachment(store: store, domain: counter, app: "attachcost")
  defer { attachment.close() }
  let shell = try TailingShell(path: attachment.path, reads: false)
  // The round trips run on a thread of their own, timed there; the main actor answers them.
  let remote = try await offMain { () throws -> [Double] in
    try shell.roundTrip("select selectValue")
    return try (0..<roundTrips).map { _ in
      let start = ContinuousClock.now
      try shell.roundTrip("select selectValue")
      return seconds(ContinuousClock.now - start) * 1e6
    }
  }
  let local = Shell(domains: [counter], isScript: false, baseDirectory: URL(fileURLWithPath: "/"), commands: .core)
  try await local.start(domain: "counter")
  let localHost = SessionHost(shell: local)
  var here: [Double] = []
  for _ in 0..<roundTrips {
    let start = ContinuousClock.now
    _ = await localHost.run("select selectValue")
    here.append(seconds(ContinuousClock.now - start) * 1e6)
  }
  shell.close()
  print("select, local session:            median \(String(format: "%.1f", median(here))) µs")
  print("select, over the socket:          median \(String(format: "%.1f", median(remote))) µs  (\(String(format: "%.1f", median(remote) / median(here)))×)")
}

/// Runs blocking work on a thread of its own while the main actor stays free to answer.
func offMain<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
  }
}

@MainActor func main() async throws {
  if onlySelect { return try await measureSelect() }
  print("dispatch of the counter, ns per dispatch (medians of \(samples)); ratios against the same store's no-shell case")
  try await measure("(a) the bare counter store, no listener") {
    (Store(initialState: CounterState(), reducer: CounterReducer.reduce), nil)
  }
  if onlyBare { return }
  try await measure("(b) the counter store with one listener stream drained on the main actor") {
    let store = Store(initialState: CounterState(), reducer: CounterReducer.reduce)
    let stream = store.makeStream()
    let listener = Task { @MainActor in
      var received = 0
      for await _ in stream { received += 1 }
      return received
    }
    return (store, listener)
  }

  try await measureSelect()
}

try await main()
