import ImmutableData

// The baseline of the store figures: the store exactly as the guide's chapter 1 writes it
// (a `Dictionary` of continuations, the reducer called on `self.state`), kept here so both
// stores are measured side by side in one run. It adopts the library's protocols, which have
// the same requirements as the guide's. It is a module of its own, as the guide's
// `ImmutableData` is: a store in the benchmark's own module would be specialized for the
// benchmark's state and action types, which an app calling a library store never gets.

/// The guide's chapter-1 `Store`, reproduced as the reference the library's `Store` is measured against.
@MainActor final public class GuideReferenceStore<State, Action>: Sendable where State: Sendable, Action: Sendable {
  private let registrar = GuideReferenceStreamRegistrar<(oldState: State, action: Action)>()
  private var state: State
  private let reducer: @Sendable (State, Action) throws -> State

  /// Creates a store at `initialState` that moves on through `reducer`.
  public init(
    initialState state: State,
    reducer: @escaping @Sendable (State, Action) throws -> State
  ) {
    self.state = state
    self.reducer = reducer
  }
}

extension GuideReferenceStore: Dispatcher {
  public func dispatch(action: Action) throws {
    let oldState = self.state
    self.state = try self.reducer(self.state, action)
    self.registrar.yield((oldState: oldState, action: action))
  }

  public func dispatch(thunk: @Sendable (GuideReferenceStore, GuideReferenceStore) throws -> Void) rethrows {
    try thunk(self, self)
  }

  public func dispatch(thunk: @Sendable (GuideReferenceStore, GuideReferenceStore) async throws -> Void) async rethrows {
    try await thunk(self, self)
  }
}

extension GuideReferenceStore: Selector {
  public func select<T>(_ selector: @Sendable (State) -> T) -> T where T: Sendable {
    selector(self.state)
  }
}

extension GuideReferenceStore: Streamer {
  public func makeStream() -> AsyncStream<(oldState: State, action: Action)> {
    self.registrar.makeStream()
  }
}

/// The guide's chapter-1 `StreamRegistrar`: continuations kept in a `Dictionary` keyed by stream id.
@MainActor final class GuideReferenceStreamRegistrar<Element>: Sendable where Element: Sendable {
  private var count = 0
  private var dictionary = Dictionary<Int, AsyncStream<Element>.Continuation>()

  deinit {
    for continuation in self.dictionary.values {
      continuation.finish()
    }
  }
}

extension GuideReferenceStreamRegistrar {
  func makeStream() -> AsyncStream<Element> {
    self.count += 1
    return self.makeStream(id: self.count)
  }
}

extension GuideReferenceStreamRegistrar {
  func yield(_ element: Element) {
    for continuation in self.dictionary.values {
      continuation.yield(element)
    }
  }
}

extension GuideReferenceStreamRegistrar {
  private func makeStream(id: Int) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    continuation.onTermination = { [weak self] _ in
      guard let self = self else { return }
      Task {
        await self.removeContinuation(id: id)
      }
    }
    self.dictionary[id] = continuation
    return stream
  }
}

extension GuideReferenceStreamRegistrar {
  private func removeContinuation(id: Int) {
    self.dictionary[id] = nil
  }
}
