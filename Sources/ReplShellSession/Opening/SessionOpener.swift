/// Work that waits, on a session with its state and action types: what a command that needs the
/// typed session and awaits (settle, complete/fail, explore, shrink, replay) hands
/// `AnyDomainSession.open`, instead of the erased session growing a requirement for it. Work
/// done at once is a `SessionReader`.
@MainActor package protocol SessionOpener {
  /// What the work returns.
  associatedtype Result
  /// Does the work on `session`.
  func open<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) async throws(CommandError) -> Result
}

extension DomainSession {
  /// Runs `opener` on this session, typed.
  package func open<O: SessionOpener>(_ opener: O) async throws(CommandError) -> O.Result {
    try await opener.open(self)
  }
}
