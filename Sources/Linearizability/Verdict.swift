import ReplShellFoundation

/// What the checker found for one history.
public enum Verdict: Sendable {
  /// Some order of the operations, each placed between its invocation and its completion,
  /// is one the specification allows.
  case linearizable
  /// No such order exists; the counterexample says how far the search got.
  case notLinearizable(Counterexample)
  /// The budget ran out before the search finished: what ran out says what to raise.
  case unknown(BudgetShortfall)

  /// `linearizable`, `not linearizable` or `unknown`.
  public var name: String {
    switch self {
    case .linearizable: "linearizable"
    case .notLinearizable: "not linearizable"
    case .unknown: "unknown"
    }
  }
}

/// Why a history is not linearizable: its part that is not, the longest order of its operations
/// the specification allows, and the operation that could not be placed after it.
public struct Counterexample: Sendable {
  /// The part (the partition key) that failed, or nil when the model checks all together.
  public let partition: EDNValue?
  /// The operations of that part.
  public let history: History
  /// The longest linearization found: ids of `history`'s operations, in the order placed.
  public let linearized: [Int]
  /// The operation whose completion came before the search could place it, or nil when every
  /// operation could be placed but not all in one order (the search then ran out of orders).
  public let blocked: Int?
  /// What the reducer said when `blocked` was placed after `linearized`, or why it was not.
  public let reason: String
}
