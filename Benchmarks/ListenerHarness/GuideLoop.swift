import Glibc
import GuideReference
import ImmutableData

// Where the guide-style store's listener drained on the main actor spends its 12–13 µs a dispatch
// (StoreDispatch's "newState read per element: GuideReferenceStore"), built by `guide.sh`: the
// same drain taken apart. Each case dispatches COUNT actions to a new store on the main actor while
// a task waits to drain its one stream, then lets the task drain it, and prints per dispatch the
// CPU time of the whole process, its wall-clock time and its context switches (getrusage, every
// thread). A case that leaves the main actor and comes back for each element shows about two
// context switches per element; one that drains without leaving its executor, none.

/// The only action of the trivial reducer.
enum Tick: Hashable, Sendable { case ticked }

/// The trivial reducer: counts the ticks.
@Sendable func countTicks(state: Int, action: Tick) -> Int { state &+ 1 }

/// StoreDispatch's figure-2 drain: a nonisolated async function, so (Swift 6, without
/// `NonisolatedNonsendingByDefault`) it runs on the global executor, whoever awaits it.
func countElements<Stream: AsyncSequence>(of stream: Stream, upTo count: Int) async throws -> Int {
  var received = 0
  for try await _ in stream {
    received += 1
    if received == count { break }
  }
  return received
}

/// One way of draining the stream.
enum Drain: String, CaseIterable {
  /// `for await` in a main-actor task, as the guide's listeners: `next(isolation:)` on the main actor.
  case forAwaitOnMainActor = "for await in a @MainActor task"
  /// StoreDispatch's newState listener: `next(isolation: #isolation)`, then `state(afterLastElementOr:)`.
  case newStateListener = "StoreDispatch's newState listener"
  /// The same listener reading no state: the drain alone.
  case nextIsolationOnly = "next(isolation:) on the main actor, nothing read"
  /// Figure 2's "drained on the main actor": `countElements` awaited from a main-actor task.
  case countElements = "figure 2's countElements from a @MainActor task"
  /// `for await` in a detached task.
  case detached = "for await in a detached task"
}

/// Dispatches `count` ticks to `store`, whose one stream a task drains as `drain` says (it waits
/// for the main actor until the dispatches end); returns how many elements the drain took.
@MainActor func run<Store>(_ drain: Drain, on store: Store, count: Int) async -> Int
where Store: Dispatcher<Int, Tick> & Selector<Int> & Streamer<Int, Tick> {
  let stream = store.makeStream()
  let task: Task<Int, Never>
  switch drain {
  case .forAwaitOnMainActor:
    task = Task { @MainActor in
      var read = 0
      do {
        for try await _ in stream {
          read += 1
          if read == count { break }
        }
      } catch {}
      return read
    }
  case .newStateListener, .nextIsolationOnly:
    task = Task { @MainActor in
      var elements = stream.makeAsyncIterator()
      var read = 0
      var sum = 0
      while read < count, (try? await elements.next(isolation: #isolation)) != nil {
        read += 1
        if drain == .newStateListener { sum &+= elements.state(afterLastElementOr: store.state) }
      }
      // The sum keeps the reads from being optimized away: every state read is at least 1.
      return drain == .nextIsolationOnly || sum > 0 ? read : 0
    }
  case .countElements:
    task = Task { @MainActor in (try? await countElements(of: stream, upTo: count)) ?? 0 }
  case .detached:
    task = Task.detached { (try? await countElements(of: stream, upTo: count)) ?? 0 }
  }
  for _ in 0..<count { try! store.dispatch(action: .ticked) }
  return await task.value
}

/// CPU time (every thread) in nanoseconds, and context switches (voluntary and not, every thread).
func usage() -> (cpu: Double, switches: Int) {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  var resources = rusage()
  getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &resources)
  return (Double(time.tv_sec) * 1e9 + Double(time.tv_nsec), resources.ru_nvcsw + resources.ru_nivcsw)
}

@main struct GuideLoop {
  static func main() async {
    let count = Int(CommandLine.arguments.dropFirst().first ?? "200000") ?? 200_000
    print("per dispatch, \(count) dispatches then the drain (a warm-up of a tenth first)")
    await measure("guide store", count: count) { GuideReferenceStore(initialState: 0, reducer: countTicks) }
    await measure("Store", count: count) { Store(initialState: 0, reducer: countTicks) }
  }

  /// Prints a row for each drain of a store `makeStore` makes, a new one for every run.
  @MainActor static func measure<Store>(_ name: String, count: Int, _ makeStore: () -> Store) async
  where Store: Dispatcher<Int, Tick> & Selector<Int> & Streamer<Int, Tick> {
    for drain in Drain.allCases {
      _ = await run(drain, on: makeStore(), count: count / 10)
      let before = usage()
      let start = ContinuousClock.now
      let taken = await run(drain, on: makeStore(), count: count)
      let elapsed = ContinuousClock.now - start
      let after = usage()
      guard taken == count else { fatalError("\(name), \(drain.rawValue): the drain took \(taken) of \(count)") }
      let wall = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) * 1e-9
      let cpu = Int((after.cpu - before.cpu) / Double(count))
      let switches = Double((after.switches - before.switches) * 100 / count) / 100
      let label = "\(name), \(drain.rawValue)"
      print("\(label + String(repeating: " ", count: max(0, 66 - label.count))) cpu \(cpu) ns, wall \(Int(wall / Double(count))) ns, \(switches) context switches")
    }
  }
}
