/// The debug categories users switch on and off with `debug`.
public enum DebugCategory: String, CaseIterable, Sendable, Equatable {
  /// Every dispatched action, in full.
  case actions
  /// The whole new state after every dispatch.
  case state
  /// Queries and mutations that listeners send to persistent stores and servers.
  case effects
  /// When watched selectors are skipped by their filter or recomputed.
  case selectors

  /// One line for `help debug`.
  public var summary: String {
    switch self {
    case .actions: "every dispatched action in full, including those listeners dispatch"
    case .state: "the whole state after every dispatch"
    case .effects: "queries and mutations sent to the database or the network, and their results"
    case .selectors: "watched selectors skipped by their filter, or recomputed"
    }
  }
}
