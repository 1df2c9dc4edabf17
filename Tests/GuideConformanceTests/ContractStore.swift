import ImmutableData

/// A store as the guide's listener tests build one: its state is whatever the test sets, apart
/// from the stream's `oldState` and from what any reducer would return; it records the actions
/// dispatched to it and runs thunks against itself; its stream is fed by hand.
@MainActor final class ContractStore<State: Sendable, Action: Sendable>: Sendable {
  /// What `select` reads.
  let state: State
  /// Every action dispatched, in order.
  private(set) var dispatched: [Action] = []
  let stream = HandshakeStream<(oldState: State, action: Action)>()

  init(state: State) {
    self.state = state
  }

  /// Streams `action` with `oldState` to the listener and returns once the listener has finished with it.
  func receive(_ action: Action, after oldState: State) async {
    await stream.send((oldState: oldState, action: action))
  }
}

extension ContractStore: Dispatcher {
  func dispatch(action: Action) throws {
    dispatched.append(action)
  }

  func dispatch(thunk: @Sendable (ContractStore, ContractStore) throws -> Void) rethrows {
    try thunk(self, self)
  }

  func dispatch(thunk: @Sendable (ContractStore, ContractStore) async throws -> Void) async rethrows {
    try await thunk(self, self)
  }
}

extension ContractStore: Selector {
  func select<T: Sendable>(_ selector: @Sendable (State) -> T) -> T {
    selector(state)
  }
}

extension ContractStore: Streamer {
  func makeStream() -> HandshakeStream<(oldState: State, action: Action)> {
    stream
  }
}
