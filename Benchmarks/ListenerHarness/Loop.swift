import Glibc
import ImmutableData

// Figure 2's "dispatch, one listener stream drained on the main actor" as StoreDispatch runs it
// (a million dispatches of a trivial reducer while a task waits to drain the stream, then the
// drain), outside the benchmark tool, built by `run.sh` from the library's sources of a given
// revision. It prints the median of ROUNDS rounds in CPU time per dispatch, and in wall-clock
// time: on a machine shared with other builds the wall clock measures the load (it was 10× the
// CPU time at a load average of 15), the CPU time the code.

/// The only action of the trivial reducer.
enum Tick: Hashable, Sendable { case ticked }

/// The trivial reducer: counts the ticks.
@Sendable func countTicks(state: Int, action: Tick) -> Int { state &+ 1 }

/// The CPU time of every thread of this process, in nanoseconds.
func cpuNanoseconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// Counts the elements of `stream` until it finishes (StoreDispatch's drain).
func countElements<Stream: AsyncSequence>(of stream: Stream) async throws -> Int {
  var received = 0
  for try await _ in stream { received += 1 }
  return received
}

/// Dispatches `count` ticks to a new store with one stream drained by a task on the main actor,
/// and returns how many the drain received once the store is gone.
func dispatchTicksWithListener(count: Int) async throws -> Int {
  let drain = try await MainActor.run {
    let store = Store(initialState: 0, reducer: countTicks)
    let stream = store.makeStream()
    let drain: Task<Int, Never> = Task { @MainActor in (try? await countElements(of: stream)) ?? 0 }
    for _ in 0..<count { try store.dispatch(action: .ticked) }
    return drain
  }
  return await drain.value
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func rounded(_ value: Double) -> String { String(Double(Int(value * 10)) / 10) }

@main struct Loop {
  static func main() async throws {
    let count = 1_000_000
    let rounds = Int(CommandLine.arguments.dropFirst().first ?? "7") ?? 7
    var cpu: [Double] = []
    var wall: [Double] = []
    _ = try await dispatchTicksWithListener(count: count)
    for _ in 0..<rounds {
      let cpuStart = cpuNanoseconds()
      let start = ContinuousClock.now
      let received = try await dispatchTicksWithListener(count: count)
      let elapsed = ContinuousClock.now - start
      guard received == count else { fatalError("the drain received \(received) of \(count)") }
      cpu.append((cpuNanoseconds() - cpuStart) / Double(count))
      wall.append((Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) * 1e-9) / Double(count))
    }
    print("cpu \(rounded(median(cpu))) ns, wall \(rounded(median(wall))) ns (medians of \(rounds); cpu: \(cpu.map(rounded).joined(separator: " ")))")
  }
}
