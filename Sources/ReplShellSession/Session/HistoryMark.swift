/// Where a session's state stands in its history, as a recording of the session needs it.
public struct HistoryMark: Equatable, Sendable {
  /// The serial of the history entry the state is at; 0 at the initial state.
  public let current: Int
  /// The serial of the last action the user dispatched; 0 before any.
  let lastUserDispatch: Int

  /// The mark of a state at entry `current`, the user's last dispatch at `lastUserDispatch`.
  public init(current: Int, lastUserDispatch: Int) {
    self.current = current
    self.lastUserDispatch = lastUserDispatch
  }
}
