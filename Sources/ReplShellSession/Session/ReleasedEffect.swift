/// A held effect a session completed or failed (`complete N`, `fail N`), where it happened among
/// the dispatches: what `shrink` in a session started with `--effects` replays as a step.
package struct ReleasedEffect: Sendable, Equatable {
  /// The serial of the history entry that was the last applied when it was released; 0 before any.
  package let afterSerial: Int
  /// The effect's number, as `effects` listed it.
  package let number: Int
  /// What it did, as `effects` listed it: `search(query: "ab")`.
  package let label: String
  /// Whether it was failed rather than completed.
  package let failing: Bool
}
