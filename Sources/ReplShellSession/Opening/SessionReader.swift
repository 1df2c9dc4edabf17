import StateValues
/// Work on a session with its state and action types that does not wait: what Tab, the
/// inspector and an attached app's requests read of the running session between lines, and what
/// most commands do. `AnyDomainSession.read`, the erased session's one generic opening, runs it
/// at once, on the main actor; work that waits (a dispatch's listeners, explore, shrink, replay)
/// is a `SessionOpener`, which `AnyDomainSession.open` binds to the typed session through a read
/// and then awaits.
@MainActor public protocol SessionReader {
  /// What the work returns.
  associatedtype Result
  /// What the work fails with: `CommandError`, or `Never` for a read that cannot fail.
  associatedtype Failure: Error = CommandError
  /// Does the work on `session`.
  func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(Failure) -> Result
}

extension DomainSession {
  /// Runs `reader` on this session, typed.
  public func read<R: SessionReader>(_ reader: R) throws(R.Failure) -> R.Result {
    try reader.read(self)
  }
}
