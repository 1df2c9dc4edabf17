// An app's module of types, as CounterData is: the loop's store dispatches across two module
// boundaries, as an app's does.

/// A counter's state.
public struct S: Hashable, Codable, Sendable {
  package var value: Int
  public init(_ value: Int = 0) { self.value = value }
}

/// A counter's actions.
public enum A: Hashable, Codable, Sendable { case inc, dec }

/// A counter's reducer.
public enum R {
  @Sendable public static func reduce(state: S, action: A) -> S {
    var state = state
    switch action {
    case .inc: state.value += 1
    case .dec: state.value -= 1
    }
    return state
  }
}
