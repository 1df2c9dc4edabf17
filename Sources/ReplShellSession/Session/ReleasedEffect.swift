/// A held effect a session completed or failed (`complete N`, `fail N`), where it happened among
/// the dispatches: what `shrink` in a session started with `--effects` replays as a step.
public struct ReleasedEffect: Sendable, Equatable {
  /// The serial of the history entry that was the last applied when it was released; 0 before any.
  public let afterSerial: Int
  /// The effect's number, as `effects` listed it.
  public let number: Int
  /// What it did, as `effects` listed it: `search(query: "ab")`.
  public let label: String
  /// Whether it was failed rather than completed.
  public let failing: Bool
}
