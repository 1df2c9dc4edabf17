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

/// A state that holds a reference, as StoreDispatch's `Tally`.
struct Tally: Sendable {
  var count = 0
  var names: [String] = ["tally"]
}

/// The trivial reducer over `Tally`.
@Sendable func countTicks(state: Tally, action: Tick) -> Tally {
  var state = state
  state.count &+= 1
  return state
}

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
  case guideForAwaitOnMainActor = "guide store, for await in a @MainActor task"
  /// StoreDispatch's listener: `next(isolation: #isolation)` and `state(afterLastElementOr:)`.
  case guideBenchmarkListener = "guide store, StoreDispatch's newState listener"
  /// The same listener without reading any state: the drain alone.
  case guideNextIsolationOnly = "guide store, next(isolation:) on the main actor, nothing read"
  /// Figure 2's "drained on the main actor": `countElements` awaited from a main-actor task.
  case guideCountElements = "guide store, figure 2's countElements from a @MainActor task"
  /// Drained by a detached task (after the dispatches, as above).
  case guideDetached = "guide store, for await in a detached task"
  /// The library's store, `for await` in a main-actor task.
  case storeForAwaitOnMainActor = "Store, for await in a @MainActor task"
  /// The library's store, StoreDispatch's newState listener.
  case storeBenchmarkListener = "Store, StoreDispatch's newState listener"
}

/// Dispatches `count` ticks to a store with one stream drained as `drain` says; returns what the
/// drain returned once it has taken `count` elements.
@MainActor func run(_ drain: Drain, count: Int) async -> Int {
  switch drain {
  case .storeForAwaitOnMainActor, .storeBenchmarkListener:
    let store = Store(initialState: Tally(), reducer: countTicks)
    let stream = store.makeStream()
    let task = Task { @MainActor in
      var read = 0
      if drain == .storeForAwaitOnMainActor {
        for await _ in stream {
          read += 1
          if read == count { break }
        }
        return read
      }
      var elements = stream.makeAsyncIterator()
      for _ in 0..<count {
        guard await elements.next(isolation: #isolation) != nil else { break }
        read &+= elements.state(afterLastElementOr: store.state).count
      }
      return read
    }
    for _ in 0..<count { try! store.dispatch(action: .ticked) }
    return await task.value
  default:
    let store = GuideReferenceStore(initialState: Tally(), reducer: countTicks)
    let stream = store.makeStream()
    let task: Task<Int, Never>
    switch drain {
    case .guideForAwaitOnMainActor:
      task = Task { @MainActor in
        var read = 0
        for await _ in stream {
          read += 1
          if read == count { break }
        }
        return read
      }
    case .guideNextIsolationOnly:
      task = Task { @MainActor in
        var elements = stream.makeAsyncIterator()
        var read = 0
        for _ in 0..<count {
          guard await elements.next(isolation: #isolation) != nil else { break }
          read += 1
        }
        return read
      }
    case .guideCountElements:
      task = Task { @MainActor in (try? await countElements(of: stream, upTo: count)) ?? 0 }
    case .guideDetached:
      task = Task.detached {
        var read = 0
        for await _ in stream {
          read += 1
          if read == count { break }
        }
        return read
      }
    default:
      task = Task { @MainActor in
        var elements = stream.makeAsyncIterator()
        var read = 0
        for _ in 0..<count {
          guard await elements.next(isolation: #isolation) != nil else { break }
          read &+= elements.state(afterLastElementOr: store.state).count
        }
        return read
      }
    }
    for _ in 0..<count { try! store.dispatch(action: .ticked) }
    return await task.value
  }
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
    for drain in Drain.allCases {
      _ = await run(drain, count: count / 10)
      let before = usage()
      let start = ContinuousClock.now
      let result = await run(drain, count: count)
      let elapsed = ContinuousClock.now - start
      let after = usage()
      let wall = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) * 1e-9
      guard result > 0 else { fatalError("\(drain.rawValue): the drain took nothing") }
      let cpu = Int((after.cpu - before.cpu) / Double(count))
      let switches = Double((after.switches - before.switches) * 100 / count) / 100
      let name = drain.rawValue + String(repeating: " ", count: max(0, 64 - drain.rawValue.count))
      print("\(name) cpu \(cpu) ns, wall \(Int(wall / Double(count))) ns, \(switches) context switches")
    }
  }
}
