/// A type that lets callers read a slice of the current state through a pure function.
public protocol Selector<State>: Sendable {
  /// The state selectors read from.
  associatedtype State: Sendable

  /// Applies `selector` to the current state and returns its result.
  @MainActor func select<T>(_ selector: @Sendable (Self.State) -> T) -> T where T: Sendable
}

extension Selector {
  /// The whole current state, with no transformation applied.
  @MainActor public var state: State {
    self.select { state in state }
  }
}
