import ReplShellSession
import StateValues
/// `complete N` or `fail N` on the typed session: completes, or fails, a held side effect and
/// waits for what its listener does next.
struct HeldEffectRelease: SessionOpener {
  /// The held effect's number, as `effects` lists it.
  let number: Int
  /// Whether it fails rather than completes.
  let failing: Bool
  /// Where errors about the number point.
  let column: Int
  /// The report of the line that releases it, which what the listener does next goes into.
  let report: LineReport

  /// Releases the effect and waits for its listener.
  func open<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) async throws(CommandError) {
    try await session.release(effect: number, failing: failing, column: column, reportingTo: report)
  }
}
