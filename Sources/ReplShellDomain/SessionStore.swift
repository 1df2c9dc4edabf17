import ImmutableData
import SessionProtocol

/// The store a shell session hands to the domain's listeners: a real `Store` underneath, which
/// also tells the session about every dispatch as it happens. Its streams are the store's own
/// `StoreStream`s, counting in `activity` the elements listeners have not finished with, so the
/// session can settle without sleeping.
@MainActor public final class SessionStore<State: Sendable, Action: Sendable>: Sendable {
  private let store: Store<State, Action>
  /// The elements listeners have not finished with, across every stream of the store.
  package let activity = StreamActivity()
  /// Called after each dispatch the reducer accepted with the old state, the action, the new
  /// state, who dispatched it, what caused it when known and, when the shell already has it, the action's text.
  public var didDispatch: ((State, Action, State, DispatchEvent.Origin, HistoryCause?, String?) -> Void)?
  /// Called when the reducer rejects an action, with its error, who dispatched it and its text when known.
  public var didReject: ((Action, any Error, DispatchEvent.Origin, String?) -> Void)?

  /// Which dispatch each listener's task reacts to; nil over a live app's store, whose own
  /// dispatches the session does not see as they happen.
  let listenerCauses: ListenerCauses?
  /// How many dispatches the reducer accepted: the history entry of the next has serial one more.
  private var acceptedCount = 0

  public init(initialState: State, reducer: @escaping @Sendable (State, Action) throws -> State) {
    self.store = Store(initialState: initialState, reducer: reducer, activity: activity)
    self.listenerCauses = ListenerCauses()
  }

  /// A session store over an app's live `store`: what the shell dispatches goes through the
  /// app's reducer and reaches the app's own listeners; the shell does not wait for them.
  public init(wrapping store: Store<State, Action>) {
    self.store = store
    self.listenerCauses = nil
  }

  /// Whether any listener holds a stream of the store.
  public var hasListeners: Bool {
    store.streamCount > 0
  }

  /// Sets the state without the reducer, the streams or `didDispatch` hearing of it.
  public func travel(to state: State) {
    store.travel(to: state)
  }

  /// Ends every stream, so listeners stop.
  public func finishStreams() {
    store.finishStreams()
  }
}

extension SessionStore: Dispatcher {
  /// Dispatches `action` to the store, then tells the session what changed: what listeners call.
  /// Its cause is the dispatch the calling listener's loop is reacting to.
  public func dispatch(action: Action) throws {
    try dispatch(action, origin: .listener, cause: listenerCauses?.causeOfCurrentTask.map { .listener(serial: $0) }, text: nil)
  }

  /// Dispatches `action` for `origin`, caused by `cause`, then tells the session what changed or
  /// why the reducer rejected it; `text` is the action as the shell writes it, when known.
  public func dispatch(_ action: Action, origin: DispatchEvent.Origin, cause: HistoryCause?, text: String?) throws {
    // `select`, which the store inlines, rather than `Selector`'s `state`, a protocol
    // extension called through the store's witness table.
    let oldState = store.select { $0 }
    do {
      try store.dispatch(action: action)
    } catch {
      didReject?(action, error, origin, text)
      throw error
    }
    acceptedCount += 1
    didDispatch?(oldState, action, store.select { $0 }, origin, cause, text)
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
  /// A new stream of every action dispatched from now on, counted while its listener works; what
  /// the listener dispatches while it handles an element is recorded as caused by that element.
  public func makeStream() -> ListenerStream<State, Action> {
    ListenerStream(store.makeStream(), causes: listenerCauses, firstSerial: acceptedCount + 1)
  }
}
