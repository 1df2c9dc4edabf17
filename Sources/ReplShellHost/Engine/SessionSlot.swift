import ReplShellDomain
import ReplShellSession
import StateValues
/// The session a shell's lines run in, and where it came from: a domain `use` started (with its
/// options and recording), or a running app the shell is attached to, whose live session is kept
/// here while the shell works on a fork of it.
@MainActor package final class SessionSlot {
  /// The running domain session, if any.
  package var session: (any AnyDomainSession)? {
    didSet { domainName = session?.domainName }
  }
  /// The running session's domain, kept beside it: each line names it, and every retain of a
  /// session is slow (the store's callbacks hold it weakly, which gives it a side table).
  private(set) var domainName: String?
  /// The running app this shell is attached to (`--attach`).
  var attached: AttachedApp?
  /// The domain the running session started from, its options and recording: for `reset` and `save`.
  package var running: RunningDomain?

  /// An empty slot: nothing runs until `use`, or an attach.
  init() {}

  /// The running session, or an error that says how to start one: `use` and the first of
  /// `domains`, before the line when it is a script's (`inScript`).
  func require(domains: [Domain], inScript: Bool = false) throws(CommandError) -> any AnyDomainSession {
    guard let session else {
      let use = "use \(domains.first?.name ?? "<domain>")"
      if inScript {
        throw CommandError("no domain is running: a scenario starts with `use <domain>`; add `\(use)` before this line (`domains` lists them)")
      }
      throw CommandError("no domain is running: type `\(use)` (or `domains` for the list)")
    }
    return session
  }
}
