/// Compares states of any type: through `Equatable` when the state has it.
public enum StateEquality {
  /// A test of whether two states differ, or nil when `State` is not `Equatable`.
  public static func differ<State>(_ type: State.Type) -> (@Sendable (State, State) -> Bool)? {
    guard let equatable = State.self as? any (Equatable & Sendable).Type else { return nil }
    return differ(State.self, as: equatable)
  }

  private static func differ<State, E: Equatable & Sendable>(_ type: State.Type, as equatable: E.Type) -> @Sendable (State, State) -> Bool {
    let compare: @Sendable (E, E) -> Bool = { $0 != $1 }
    // State is E here: the function is cast once, not the states at every step.
    if let typed = compare as? @Sendable (State, State) -> Bool { return typed }
    return { old, new in (old as? E) != (new as? E) }
  }
}
