import ImmutableData
import Synchronization

/// The store a shell session hands to the domain's listeners: a real `Store` underneath, which
/// also tells the session about every dispatch as it happens, and whose streams count how many
/// elements the listeners have not finished with yet, so the session can settle without sleeping.
@MainActor public final class SessionStore<State: Sendable, Action: Sendable>: Sendable {
  private let store: Store<State, Action>
  private var continuations: [(id: Int, continuation: AsyncStream<(oldState: State, action: Action)>.Continuation)] = []
  private var nextStreamID = 0
  let tracker = SettleTracker()
  /// Called after each successful dispatch with the old state, the action and the new state.
  var didDispatch: ((State, Action, State) -> Void)?

  init(initialState: State, reducer: @escaping @Sendable (State, Action) throws -> State) {
    self.store = Store(initialState: initialState, reducer: reducer)
  }

  /// Ends every stream, so listeners stop.
  func finishStreams() {
    for entry in continuations {
      entry.continuation.finish()
    }
    continuations.removeAll()
  }
}

extension SessionStore: Dispatcher {
  public func dispatch(action: Action) throws {
    let oldState = store.state
    try store.dispatch(action: action)
    let newState = store.state
    didDispatch?(oldState, action, newState)
    for entry in continuations {
      tracker.produced(on: entry.id)
      entry.continuation.yield((oldState: oldState, action: action))
    }
  }

  public func dispatch(thunk: @Sendable (SessionStore, SessionStore) throws -> Void) rethrows {
    try thunk(self, self)
  }

  public func dispatch(thunk: @Sendable (SessionStore, SessionStore) async throws -> Void) async rethrows {
    try await thunk(self, self)
  }
}

extension SessionStore: Selector {
  public func select<T: Sendable>(_ selector: @Sendable (State) -> T) -> T {
    store.select(selector)
  }
}

extension SessionStore: Streamer {
  public func makeStream() -> TrackedStream<(oldState: State, action: Action)> {
    nextStreamID += 1
    let id = nextStreamID
    let (stream, continuation) = AsyncStream.makeStream(of: (oldState: State, action: Action).self)
    let tracker = self.tracker
    continuation.onTermination = { [weak self] _ in
      tracker.streamEnded(id)
      Task { @MainActor in
        self?.continuations.removeAll { $0.id == id }
      }
    }
    continuations.append((id: id, continuation: continuation))
    tracker.streamStarted(id)
    return TrackedStream(base: stream, id: id, tracker: tracker)
  }
}

/// A stream that tells its `SettleTracker` each time its consumer comes back for the next element,
/// which is when it has finished with the previous one.
public struct TrackedStream<Element: Sendable>: AsyncSequence, Sendable {
  let base: AsyncStream<Element>
  let id: Int
  let tracker: SettleTracker

  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), id: id, tracker: tracker)
  }

  /// The iterator of a `TrackedStream`.
  public struct Iterator: AsyncIteratorProtocol {
    var base: AsyncStream<Element>.Iterator
    let id: Int
    let tracker: SettleTracker
    var hasReceived = false

    public mutating func next() async -> Element? {
      await next(isolation: nil)
    }

    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      if hasReceived {
        tracker.finished(on: id)
      }
      hasReceived = true
      return await base.next(isolation: actor)
    }
  }
}

/// Counts the elements yielded to listener streams that their consumers have not finished with.
/// When the count is zero every listener is back waiting, so all side effects are done.
public final class SettleTracker: Sendable {
  private struct Counts {
    var outstanding: [Int: Int] = [:]
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    var nextWaiter = 0
    var isIdle: Bool { outstanding.values.allSatisfy { $0 == 0 } }

    mutating func takeWaiters() -> [CheckedContinuation<Void, Never>] {
      defer { waiters.removeAll() }
      return Array(waiters.values)
    }
  }

  private let counts = Mutex(Counts())

  func streamStarted(_ id: Int) {
    counts.withLock { $0.outstanding[id] = 0 }
  }

  func produced(on id: Int) {
    counts.withLock { $0.outstanding[id, default: 0] += 1 }
  }

  func finished(on id: Int) {
    resume(counts.withLock { counts in
      counts.outstanding[id] = max(0, (counts.outstanding[id] ?? 0) - 1)
      return counts.isIdle ? counts.takeWaiters() : []
    })
  }

  func streamEnded(_ id: Int) {
    resume(counts.withLock { counts in
      counts.outstanding[id] = nil
      return counts.isIdle ? counts.takeWaiters() : []
    })
  }

  /// Whether every listener has finished with every element.
  var isIdle: Bool { counts.withLock { $0.isIdle } }

  /// Returns once every listener is idle, or when the calling task is cancelled.
  func waitUntilIdle() async {
    let waiter = counts.withLock { counts -> Int in
      counts.nextWaiter += 1
      return counts.nextWaiter
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = counts.withLock { counts -> Bool in
          if counts.isIdle || Task.isCancelled { return true }
          counts.waiters[waiter] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      resume(counts.withLock { counts in counts.waiters.removeValue(forKey: waiter).map { [$0] } ?? [] })
    }
  }

  private func resume(_ waiters: [CheckedContinuation<Void, Never>]) {
    for waiter in waiters {
      waiter.resume()
    }
  }
}
