/// The single source of truth: holds the current state, runs the reducer on each dispatched
/// action, and streams `(oldState, action)` to listeners.
///
/// A `Store` is its own `Dispatcher`, `Selector` and `Streamer`, so thunks receive the store itself.
///
/// The hot paths are `@inlinable` so that callers in other modules get code specialized for their
/// `State` and `Action` instead of generic code that copies values through witness tables.
@MainActor final public class Store<State, Action>: Sendable where State: Sendable, Action: Sendable {
  @usableFromInline let registrar: StreamRegistrar<State, Action>
  @usableFromInline var state: State
  @usableFromInline let reducer: @Sendable (State, Action) throws -> State

  /// Creates a store that starts at `initialState` and moves to the next state through `reducer`.
  public init(
    initialState state: State,
    reducer: @escaping @Sendable (State, Action) throws -> State
  ) {
    self.state = state
    self.reducer = reducer
    self.registrar = StreamRegistrar()
  }

  /// Creates a store whose streams report to `activity` the elements their consumers have not
  /// finished with, so that a caller can wait until every listener is idle.
  package init(
    initialState state: State,
    reducer: @escaping @Sendable (State, Action) throws -> State,
    activity: StreamActivity
  ) {
    self.state = state
    self.reducer = reducer
    self.registrar = StreamRegistrar(activity: activity)
  }
}

extension Store: Dispatcher {
  /// Replaces the state with what the reducer returns for `action`, then hands the old state and
  /// the action to every stream (with the new state, which their iterators report as `newState`);
  /// a throwing reducer leaves the state as it was and streams nothing.
  ///
  /// Always inlined where it is called: called out of line, its specialized copy looks up type
  /// metadata and checks exclusivity on every call, which costs a bare dispatch several times its
  /// work; and whether the compiler inlines it otherwise changes with the smallest edit.
  @inlinable @inline(__always)
  public func dispatch(action: Action) throws {
    let oldState = self.state
    self.state = try self.reducer(oldState, action)
    self.registrar.yield((oldState: oldState, action: action, newState: self.state))
  }

  /// Runs `thunk` now with this store as its dispatcher and selector.
  @inlinable
  public func dispatch(thunk: @Sendable (Store, Store) throws -> Void) rethrows {
    try thunk(self, self)
  }

  /// Runs `thunk` with this store as its dispatcher and selector, and returns when it finishes.
  @inlinable
  public func dispatch(thunk: @Sendable (Store, Store) async throws -> Void) async rethrows {
    try await thunk(self, self)
  }
}

extension Store: Selector {
  /// Applies `selector` to the current state.
  @inlinable
  public func select<T>(_ selector: @Sendable (State) -> T) -> T where T: Sendable {
    selector(self.state)
  }
}

extension Store: Streamer {
  /// A new stream of every `(oldState, action)` dispatched from now on, for one listener.
  public func makeStream() -> StoreStream<State, Action> {
    self.registrar.makeStream()
  }
}

extension Store {
  /// The number of streams still registered; a cancelled stream no longer counts.
  package var streamCount: Int {
    self.registrar.count
  }

  /// Sets the state without running the reducer or telling the streams: a shell's time travel
  /// moves the state only, and what listeners already did stays done.
  package func travel(to state: State) {
    self.state = state
  }

  /// Ends every stream, so that listeners stop.
  package func finishStreams() {
    self.registrar.finishAll()
  }

  /// What a dispatch writes into an installed tap: the state before, the action, and the state
  /// the reducer returned, so that a tap's reader never runs the reducer again.
  package typealias Tapped = (oldState: State, action: Action, newState: State)

  /// Has every dispatch from now on also write `(oldState, action, newState)` into `tap`, after
  /// the streams, until `removeTap(_:)`; a tap installed before is finished and replaced.
  package func installTap(_ tap: DispatchTap<Tapped>) {
    if let previous = self.registrar.tap, previous !== tap { previous.finish() }
    self.registrar.setTap(tap)
  }

  /// How many dispatches the installed tap has recorded (its `recorded`): on the store's actor,
  /// right after a dispatch, that dispatch's number among them; nil without a tap.
  package var tappedCount: Int? {
    self.registrar.tap?.recorded
  }

  /// Stops writing into `tap` (if it is the one installed) and finishes it: a dispatch costs
  /// one nil check again.
  package func removeTap(_ tap: DispatchTap<Tapped>) {
    if self.registrar.tap === tap { self.registrar.setTap(nil) }
    tap.finish()
  }
}
