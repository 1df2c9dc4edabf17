import ReplShellDomain
import ReplShellSession
import StateValues
/// The running session as a command reaches it: the typed session through `open` and `read`,
/// and what starts, forks or leaves it.
@MainActor public struct SessionControl {
  /// The shell whose session it is.
  let host: any CommandHost
  /// Whether the line comes from a script, which the error for no session then names.
  let inScript: Bool

  /// The running session, or an error that says how to start one.
  public func require() throws(CommandError) -> any AnyDomainSession {
    try host.requireSession(inScript: inScript)
  }

  /// Runs `opener` on the running session with its state and action types, and waits for it;
  /// fails as `require` does when none runs.
  public func open<O: SessionOpener>(_ opener: O) async throws(CommandError) -> O.Result {
    try await require().open(opener)
  }

  /// Runs `reader` on the running session with its state and action types; fails as `require`
  /// does when none runs.
  public func read<R: SessionReader>(_ reader: R) throws(CommandError) -> R.Result where R.Failure == CommandError {
    try require().read(reader)
  }

  /// The running session, if any.
  var current: (any AnyDomainSession)? { host.currentSession }

  /// The running domain's name and options, for `reset`.
  var runningDomain: (domain: String, options: [String: String])? {
    host.runningDomain
  }

  /// What succeeded since the running session started, for `save`.
  public var recording: SessionRecording? { host.recording }

  /// Starts `domain` with `options`, replacing the running session.
  func start(domain: String, options: [String: String]) async throws(CommandError) {
    try await host.startDomain(domain, options: options)
  }

  /// The running app's connection when the shell is attached to one (`--attach`), for `tail`.
  var liveControl: (any LiveControl)? { host.liveControl }

  /// Replaces the live session with a sandbox copy of its state.
  func fork() throws(CommandError) { try host.fork() }

  /// Returns from a fork to the live session.
  func returnToLive() throws(CommandError) { try host.returnToLive() }

  /// Starts the session's inspector on `port` and returns its address, or says how to add one.
  func startInspector(port: Int) async throws(CommandError) -> String {
    try await host.startInspector(port: port)
  }

  /// The names `templates` show: the running domain's, else the first the shell knows. The
  /// state is read only when a template shows a path or a selector's output.
  func exampleNames(for templates: [String]) -> ExampleNames {
    if let session = current {
      return session.read(ExampleNames.Reading(readsState: templates.contains { $0.contains("{path}") || $0.contains("{value}") }))
    }
    return host.domains.first?.exampleNames ?? ExampleNames()
  }
}
