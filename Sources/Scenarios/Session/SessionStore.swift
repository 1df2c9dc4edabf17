import ImmutableData

/// The store a shell session hands to the domain's listeners: a real `Store` underneath, which
/// also tells the session about every dispatch as it happens. Its streams are the store's own
/// `StoreStream`s, counting in `activity` the elements listeners have not finished with, so the
/// session can settle without sleeping.
@MainActor public final class SessionStore<State: Sendable, Action: Sendable>: Sendable {
  private let store: Store<State, Action>
  /// The elements listeners have not finished with, across every stream of the store.
  let activity = StreamActivity()
  /// Called after each dispatch the reducer accepted with the old state, the action, the new
  /// state, who dispatched it and, when the shell already has it, the action's text.
  var didDispatch: ((State, Action, State, DispatchEvent.Origin, String?) -> Void)?
  /// Called when the reducer rejects an action, with its error, who dispatched it and its text when known.
  var didReject: ((Action, any Error, DispatchEvent.Origin, String?) -> Void)?

  init(initialState: State, reducer: @escaping @Sendable (State, Action) throws -> State) {
    self.store = Store(initialState: initialState, reducer: reducer, activity: activity)
  }

  /// A session store over an app's live `store`: what the shell dispatches goes through the
  /// app's reducer and reaches the app's own listeners; the shell does not wait for them.
  init(wrapping store: Store<State, Action>) {
    self.store = store
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
  /// Dispatches `action` to the store, then tells the session what changed: what listeners call.
  public func dispatch(action: Action) throws {
    try dispatch(action, origin: .listener, text: nil)
  }

  /// Dispatches `action` for `origin`, then tells the session what changed or why the reducer
  /// rejected it; `text` is the action as the shell writes it, when known.
  func dispatch(_ action: Action, origin: DispatchEvent.Origin, text: String?) throws {
    // `select`, which the store inlines, rather than `Selector`'s `state`, a protocol
    // extension called through the store's witness table.
    let oldState = store.select { $0 }
    do {
      try store.dispatch(action: action)
    } catch {
      didReject?(action, error, origin, text)
      throw error
    }
    didDispatch?(oldState, action, store.select { $0 }, origin, text)
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
