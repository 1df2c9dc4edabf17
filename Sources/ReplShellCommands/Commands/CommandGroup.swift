/// Where `help` lists a command: the commands grouped by what a person is doing, in the order
/// they usually come to them, as psql's `\?` and gdb's `help` group theirs.
public enum CommandGroup: CaseIterable, Sendable {
  /// Choosing a domain and dispatching its actions.
  case driving
  /// Reading the state, selectors and what changed.
  case looking
  /// Moving the state back and forth over the history.
  case timeTravel
  /// Assertions, invariants and scripts.
  case testing
  /// Generated runs and held side effects.
  case exploring
  /// Commands for a shell attached to a running app.
  case live
  /// How the shell prints, and leaving it.
  case session

  /// The group's heading in `help` and the manual's list of commands.
  public var title: String {
    switch self {
    case .driving: "Driving the store"
    case .looking: "Looking"
    case .timeTravel: "Time travel"
    case .testing: "Testing"
    case .exploring: "Exploring and side effects"
    case .live: "Live apps"
    case .session: "The session"
    }
  }
}
