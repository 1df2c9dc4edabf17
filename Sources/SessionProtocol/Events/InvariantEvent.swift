/// An invariant of the domain checked after a dispatch: whether it holds, and why not.
public struct InvariantEvent: Sendable, Equatable {
  /// The invariant's name.
  public let name: String
  /// Whether it held.
  public let holds: Bool
  /// What was wrong when it did not hold.
  public let message: String?

  /// Describes a checked invariant.
  public init(name: String, holds: Bool, message: String? = nil) {
    self.name = name
    self.holds = holds
    self.message = message
  }
}
