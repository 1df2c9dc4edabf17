import Benchmark
import GuideReference
import ImmutableData
import SmokeMode

// Figures 1 and 2 of ENGINEERING.md: what a dispatch costs, without and with one listener
// stream, for the library's `Store` and for `GuideReferenceStore` in the same run.
// Each iteration dispatches `scaledIterations.count` actions (a million); the tool divides by
// that scaling factor, so its times (marked `*`) are per action.

/// The only action of the trivial reducer.
enum Tick: Hashable, Sendable {
  case ticked
}

/// The trivial reducer: counts the ticks.
@Sendable func countTicks(state: Int, action: Tick) -> Int {
  state &+ 1
}

/// Dispatches `count` ticks to `store` and returns the final count.
@MainActor func dispatchTicks<Store>(count: Int, to store: Store) throws -> Int
where Store: Dispatcher<Int, Tick> & Selector<Int> {
  for _ in 0..<count {
    try store.dispatch(action: .ticked)
  }
  return store.state
}

/// Where the task that drains the listener stream runs.
enum ListenerPlacement: Sendable {
  /// On the main actor, as the domains' `Listener`s run: it drains what the dispatches buffered.
  case mainActor
  /// On the global executor, draining while the main actor dispatches.
  case detached
}

/// Makes a store with one stream and a task that drains it, dispatches `count` ticks, and
/// returns how many the drain received once it has seen every one (releasing the store ends the stream).
func dispatchTicksWithListener<Store>(
  count: Int,
  placement: ListenerPlacement,
  makeStore: @escaping @MainActor @Sendable () -> Store
) async throws -> Int
where Store: Dispatcher<Int, Tick> & Streamer<Int, Tick> {
  let drain = try await MainActor.run {
    let store = makeStore()
    let stream = store.makeStream()
    let drain: Task<Int, Never> =
      switch placement {
      case .mainActor:
        Task { @MainActor in
          (try? await countElements(of: stream)) ?? 0
        }
      case .detached:
        Task.detached {
          (try? await countElements(of: stream)) ?? 0
        }
      }
    for _ in 0..<count {
      try store.dispatch(action: .ticked)
    }
    return drain
  }
  return await drain.value
}

/// A state that holds a reference, as an app's does (its dictionaries and arrays): every copy
/// the store and its stream keep of it is a retain, and every copy they drop a release.
struct Tally: Sendable {
  var count = 0
  /// Never changed: shared by every state, so copying a state retains it and costs nothing else.
  var names: [String] = ["tally"]
}

/// The trivial reducer over `Tally`.
@Sendable func countTicks(state: Tally, action: Tick) -> Tally {
  var state = state
  state.count &+= 1
  return state
}

/// Makes a store with one stream and a task on the main actor that drains it as the domains'
/// listeners do: for each element it reads the state right after its action with
/// `state(afterLastElementOr:)` — the state the element carries (`ReducedStateIterator`), or the
/// store's state for a stream that carries none (the guide's). It dispatches `count` ticks and
/// returns the sum of the counts the listener read, once it has read `count` elements (the
/// listener holds the store until then, so that a guide's listener reads it as it would).
func dispatchTicksWithNewStateListener<Store>(
  count: Int,
  makeStore: @escaping @MainActor @Sendable () -> Store
) async throws -> Int
where Store: Dispatcher<Tally, Tick> & Selector<Tally> & Streamer<Tally, Tick> {
  let drain = try await MainActor.run {
    let store = makeStore()
    let stream = store.makeStream()
    let drain = Task { @MainActor in
      var elements = stream.makeAsyncIterator()
      var read = 0
      for _ in 0..<count {
        guard (try? await elements.next(isolation: #isolation)) != nil else { break }
        read &+= elements.state(afterLastElementOr: store.state).count
      }
      return read
    }
    for _ in 0..<count {
      try store.dispatch(action: .ticked)
    }
    return drain
  }
  return await drain.value
}

/// Counts the elements of `stream` until it finishes.
func countElements<Stream: AsyncSequence>(of stream: Stream) async throws -> Int {
  var received = 0
  for try await _ in stream {
    received += 1
  }
  return received
}

let benchmarks: @Sendable () -> Void = {
  SmokeCheck.install()
  Benchmark.defaultConfiguration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal],
    warmupIterations: 1,
    scalingFactor: .mega,
    maxDuration: .seconds(4),
    maxIterations: 15
  ).smoked

  Benchmark("1 dispatch, no listener: Store") { benchmark in
    let count = benchmark.scaledIterations.count
    let final = try await MainActor.run {
      try dispatchTicks(count: count, to: Store(initialState: 0, reducer: countTicks))
    }
    blackHole(final)
  }

  Benchmark("1 dispatch, no listener: GuideReferenceStore") { benchmark in
    let count = benchmark.scaledIterations.count
    let final = try await MainActor.run {
      try dispatchTicks(count: count, to: GuideReferenceStore(initialState: 0, reducer: countTicks))
    }
    blackHole(final)
  }

  let listenerConfiguration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal],
    warmupIterations: 1,
    scalingFactor: .mega,
    maxDuration: .seconds(8),
    maxIterations: 7
  ).smoked

  for placement in [ListenerPlacement.mainActor, .detached] {
    let drain = placement == .mainActor ? "drained on the main actor" : "drained off the main actor"

    Benchmark("2 dispatch, one listener stream \(drain): Store", configuration: listenerConfiguration) { benchmark in
      let received = try await dispatchTicksWithListener(count: benchmark.scaledIterations.count, placement: placement) {
        Store(initialState: 0, reducer: countTicks)
      }
      blackHole(received)
    }

    Benchmark("2 dispatch, one listener stream \(drain): GuideReferenceStore", configuration: listenerConfiguration) { benchmark in
      let received = try await dispatchTicksWithListener(count: benchmark.scaledIterations.count, placement: placement) {
        GuideReferenceStore(initialState: 0, reducer: countTicks)
      }
      blackHole(received)
    }
  }

  // What a listener pays for the new state each element carries (`StoreStream`'s
  // `ReducedStateIterator`): the store's stream keeps it with the element and its iterator hands
  // it over; the guide's stream carries none and its listener reads the store's state. The state
  // holds a reference, so that the copies show.
  Benchmark("2 dispatch, one listener stream drained on the main actor, newState read per element: Store", configuration: listenerConfiguration) { benchmark in
    let read = try await dispatchTicksWithNewStateListener(count: benchmark.scaledIterations.count) {
      Store(initialState: Tally(), reducer: countTicks)
    }
    blackHole(read)
  }

  Benchmark("2 dispatch, one listener stream drained on the main actor, newState read per element: GuideReferenceStore", configuration: listenerConfiguration) { benchmark in
    let read = try await dispatchTicksWithNewStateListener(count: benchmark.scaledIterations.count) {
      GuideReferenceStore(initialState: Tally(), reducer: countTicks)
    }
    blackHole(read)
  }
}
