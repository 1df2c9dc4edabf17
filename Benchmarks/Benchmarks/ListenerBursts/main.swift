import CounterData
import Foundation
import ReplShellAttachment
import ReplShellDomain

// The dispatch of AttachCost's store (b) alone: a counter store with one listener stream drained
// on the main actor, in bursts of 10,000 dispatches, each burst timed in 20 chunks of 500 and
// followed by a wait until the listener has read every action. It prints the median ns per
// dispatch of the bursts; `LISTENER_CHUNKS=1` also prints each burst's chunks (µs) and how many
// times the burst's thread was switched out. Its steady chunks show the machine's speed at the
// moment: see Benchmarks/Notes/two-speeds.md ("Two speeds of one machine"). `listener-modes.sh` builds
// this file against two checkouts and runs them alternately.
//
//   ListenerBursts [BURSTS] [attach]     # 21 bursts by default; `attach` opens an attachment
//                                        # (no shell connects), as AttachCost's no-shell phase

let arguments = CommandLine.arguments.dropFirst()
let bursts = arguments.first.flatMap { Int($0) } ?? (ProcessInfo.processInfo.environment["BENCHMARK_SMOKE"] == "1" ? 1 : 21)
let attaches = arguments.contains("attach")
let printsChunks = ProcessInfo.processInfo.environment["LISTENER_CHUNKS"] == "1"
let chunkCount = 20
let chunkSize = 500

let counter = Domain(
  name: "counter", summary: "one integer", initialState: { CounterState() }, reducer: CounterReducer.reduce,
  actionExamples: [CounterAction.didTapIncrementButton, .didTapDecrementButton],
  selectors: [SelectorDefinition("selectValue") { CounterState.selectValue() }])

/// How many actions the listener has read.
@MainActor final class ReadCount {
  var value = 0
}

/// Voluntary and involuntary switches of the calling thread so far.
func threadSwitches() -> Int {
  var usage = rusage()
  getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD
  return usage.ru_nvcsw + usage.ru_nivcsw
}

func microseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

@MainActor func measure() async throws {
  let store = Store(initialState: CounterState(), reducer: CounterReducer.reduce)
  let stream = store.makeStream()
  let read = ReadCount()
  let listener = Task { @MainActor in
    for await _ in stream { read.value += 1 }
  }
  let attachment = attaches ? ReplShellAttachment(store: store, domain: counter, app: "listenerbursts") : nil
  var perDispatch: [Double] = []
  var dispatched = 0
  for _ in 0..<bursts {
    let switches = threadSwitches()
    var chunks: [Double] = []
    let start = ContinuousClock.now
    var chunkStart = start
    for _ in 0..<chunkCount {
      for _ in 0..<chunkSize { try store.dispatch(action: .didTapIncrementButton) }
      let now = ContinuousClock.now
      chunks.append(microseconds(now - chunkStart))
      chunkStart = now
    }
    perDispatch.append(microseconds(chunkStart - start) * 1e3 / Double(chunkCount * chunkSize))
    if printsChunks {
      print("switched \(threadSwitches() - switches), chunks (µs): \(chunks.map { String(format: "%.0f", $0) }.joined(separator: " "))")
    }
    dispatched += chunkCount * chunkSize
    // The listener runs on the main actor, which the burst kept busy: let it read everything.
    while read.value < dispatched { await Task.yield() }
  }
  attachment?.close()
  listener.cancel()
  perDispatch.sort()
  print("median ns per dispatch: \(String(format: "%.1f", perDispatch[perDispatch.count / 2]))")
}

try await measure()
