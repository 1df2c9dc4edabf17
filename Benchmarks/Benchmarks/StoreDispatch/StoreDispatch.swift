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
}
