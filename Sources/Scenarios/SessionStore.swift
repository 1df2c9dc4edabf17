import ImmutableData

/// The store a shell session hands to the domain's listeners: a real `Store` underneath, which
/// also tells the session about every dispatch as it happens. Its streams are the store's own
/// `StoreStream`s, counting in `activity` the elements listeners have not finished with, so the
/// session can settle without sleeping.
@MainActor public final class SessionStore<State: Sendable, Action: Sendable>: Sendable {
  private let store: Store<State, Action>
  /// The elements listeners have not finished with, across every stream of the store.
  let activity = StreamActivity()
  /// Called after each successful dispatch with the old state, the action and the new state.
  var didDispatch: ((State, Action, State) -> Void)?

  init(initialState: State, reducer: @escaping @Sendable (State, Action) throws -> State) {
    self.store = Store(initialState: initialState, reducer: reducer, activity: activity)
  }

  /// Whether any listener holds a stream of the store.
  var hasListeners: Bool {
    store.streamCount > 0
  }

  /// Sets the state without the reducer, the streams or `didDispatch` hearing of it.
  func travel(to state: State) {
    store.travel(to: state)
  }

  /// Ends every stream, so listeners stop.
  func finishStreams() {
    store.finishStreams()
  }
}

extension SessionStore: Dispatcher {
  /// Dispatches `action` to the store, then tells the session what changed.
  public func dispatch(action: Action) throws {
    let oldState = store.state
    try store.dispatch(action: action)
    didDispatch?(oldState, action, store.state)
  }

  /// Runs a thunk with this store as its dispatcher and selector.
  public func dispatch(thunk: @Sendable (SessionStore, SessionStore) throws -> Void) rethrows {
    try thunk(self, self)
  }

  /// Runs an asynchronous thunk with this store as its dispatcher and selector.
  public func dispatch(thunk: @Sendable (SessionStore, SessionStore) async throws -> Void) async rethrows {
    try await thunk(self, self)
  }
}

extension SessionStore: Selector {
  /// Runs `selector` on the current state.
  public func select<T: Sendable>(_ selector: @Sendable (State) -> T) -> T {
    store.select(selector)
  }
}

extension SessionStore: Streamer {
  /// A new `StoreStream` of every action dispatched from now on, counted while its listener works.
  public func makeStream() -> StoreStream<(oldState: State, action: Action)> {
    store.makeStream()
  }
}
