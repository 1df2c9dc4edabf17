/// The reducer tried on one action, as a replay tries it: the state the action leads to, or nil
/// when the reducer refuses the action, which then leaves the state as it was (as a dispatch the
/// reducer rejects does). `explore` and `shrink` replay sequences whose actions a reducer may
/// refuse by design: that answer is the nil, not an error.
enum ReducerTrial {
  /// The state `action` leads to from `state`; nil when `reducer` refuses it.
  static func next<State, Action>(_ reducer: (State, Action) throws -> State, from state: State, _ action: Action) -> State? {
    try? reducer(state, action)
  }
}
