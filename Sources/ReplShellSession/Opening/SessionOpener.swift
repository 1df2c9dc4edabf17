import StateValues
/// Work that waits, on a session with its state and action types: what a command that needs the
/// typed session and awaits (settle, complete/fail, explore, shrink, replay) hands
/// `AnyDomainSession.open`, instead of the erased session growing a requirement for it. Work
/// done at once is a `SessionReader`.
///
/// It reaches the typed session through the one generic opening, `AnyDomainSession.read`: the
/// read hands back this work bound to the typed session, and `open` awaits it.
@MainActor public protocol SessionOpener {
  /// What the work returns.
  associatedtype Result
  /// Does the work on `session`.
  func open<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) async throws(CommandError) -> Result
}

extension AnyDomainSession {
  /// Runs `opener` on the session with its state and action types, and waits for it: how a
  /// command whose work waits reaches the typed session. Not a requirement: the one opening,
  /// `read`, binds the work to the typed session at once, and the wait is here.
  public func open<O: SessionOpener>(_ opener: O) async throws(CommandError) -> O.Result {
    let work = read(BoundWork(opener: opener))
    return try await work()
  }
}

/// The read that binds a `SessionOpener` to the typed session: its result is the opener's work
/// on that session, for `AnyDomainSession.open` to await.
private struct BoundWork<Opener: SessionOpener>: SessionReader {
  /// Binding cannot fail; the work can, when it runs.
  typealias Failure = Never
  /// The work to bind.
  let opener: Opener

  /// The opener's work on `session`, to await on the main actor.
  func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) -> @MainActor () async throws(CommandError) -> Opener.Result {
    { () async throws(CommandError) -> Opener.Result in try await opener.open(session) }
  }
}
