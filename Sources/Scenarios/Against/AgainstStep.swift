import StateValues
/// What one action of a sequence did in a revision.
enum AgainstStep: Codable, Sendable, Equatable {
  /// The reducer accepted it: the state after, or nil when it is the same as before.
  case accepted(state: WireValue?)
  /// The reducer threw: the error as `String(describing:)` writes it.
  case rejected(String)
  /// The revision has no such action: why it does not read.
  case unreadable(String)
}

extension AgainstStep {
  /// What `reducer` does with `action` from `state`, said as the protocol says it: the state
  /// moves on when it is accepted, and `current`, its value, when it changed. An `Equatable`
  /// state that did not change is not read as values again. Both sides step through this one
  /// function; it throws only when the new state cannot be read as values.
  static func taking<State, Action>(
    _ action: Action, with reducer: (State, Action) throws -> State, statesDiffer: ((State, State) -> Bool)?, state: inout State, current: inout Value
  ) throws(CommandError) -> AgainstStep {
    let next: State
    do {
      next = try reducer(state, action)
    } catch {
      return .rejected(String(describing: error))
    }
    let unchanged = statesDiffer?(state, next) == false
    state = next
    if unchanged { return .accepted(state: nil) }
    let value = try ValueEncoder.encodeForShell(next)
    defer { current = value }
    return .accepted(state: value == current ? nil : WireValue(value))
  }
}
