/// A reducer for listener tests: actions that `matches` selects get `override` applied to the
/// state, so a test can produce a status change the real reducer never makes; every other action
/// goes to `reducer`.
package func overriding<State, Action>(
  _ reducer: @escaping @Sendable (State, Action) throws -> State,
  when matches: @escaping @Sendable (Action) -> Bool,
  with override: @escaping @Sendable (inout State) -> Void
) -> @Sendable (State, Action) throws -> State {
  { state, action in
    guard matches(action) else { return try reducer(state, action) }
    var state = state
    override(&state)
    return state
  }
}
