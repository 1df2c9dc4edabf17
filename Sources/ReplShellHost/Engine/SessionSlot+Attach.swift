import ReplShellCommands
import ReplShellDomain
import ReplShellSession
import StateValues
/// The running app a shell is attached to: its live session, kept while the shell works on a fork.
@MainActor package struct AttachedApp {
  /// `shelf@4711`: the domain and the app's process.
  let label: String
  /// The session over the app's store.
  let live: any AnyDomainSession
  /// The connection, for `tail`.
  let control: any LiveControl

  /// `shelf@4711 (live, read-only)> `, `shelf@4711 (live)> ` or `shelf@4711 (fork)> `.
  func prompt(isForked: Bool) -> String {
    let place = isForked ? SessionBackend.fork.name : live.backend.name
    return "\(label) (\(place ?? ""))> "
  }
}

extension Shell {
  /// Attaches this shell to a running app's `store` of `domain`; `label` names it in the prompt.
  /// Commands then run against the live state; `use` and `reset` are refused.
  package func attach(to domain: Domain, store: LiveStore, allowsWrites: Bool, label: String, control: any LiveControl) {
    let live = store.session(events, allowsWrites)
    redactions.domain = domain.volatile
    slot.session = live
    slot.attached = AttachedApp(label: label, live: live, control: control)
  }
}

/// What an attached shell's session may do, and where it stands: on the live store or a fork.
extension SessionSlot {
  /// The action case paths `hide` hides in the running session.
  package var hiddenActions: HiddenActions {
    session?.read(LiveReads.HiddenActionsRead()) ?? HiddenActions()
  }

  /// The session's breakpoints as `tail` checks them on the app's actions; nil when none is set.
  package var tailBreaks: TailBreaks? {
    session?.read(LiveReads.TailBreaksRead())
  }

  /// Whether the live session watches a selector: the app's own actions then refresh it.
  package var watchesLiveState: Bool {
    guard let attached, session === attached.live else { return false }
    return attached.live.read(LiveReads.IsWatchingRead())
  }

  /// Records the app's own actions, as its tap described them, in the live session's history
  /// (on the live session also while the shell works on a fork).
  package func recordAppActions(_ dispatches: [TappedDispatch]) {
    guard let attached, !dispatches.isEmpty else { return }
    attached.live.read(LiveReads.RecordAppActions(dispatches: dispatches))
  }

  /// The app's store changed by its own actions: the watches that changed print with the next line.
  package func liveStateChanged() {
    guard let attached, session === attached.live else { return }
    attached.live.read(LiveReads.RefreshWatches())
  }

  /// Whether the session is the app's live store, where the tap reports every action, the
  /// shell's own included.
  package var isOnLiveStore: Bool {
    session?.backend.isAppStore ?? false
  }

  /// `live`, `live, read-only` or `fork` for a session on a running app's store; nil for a local one.
  var livenessName: String? {
    session?.backend.name
  }

  /// What an attached shell refuses, with what to type instead: on the app's live store,
  /// `explore` (thousands of generated actions through the reducer) and `source` (a script's
  /// lines, run inside the app) are refused with a pointer to `fork`, where both run on a sandbox
  /// copy of the state; `save` is refused everywhere, since no scenario can rebuild a state that
  /// came from a running app.
  func refuseIfAttached(_ command: any ShellCommand) throws(CommandError) {
    guard let attached else { return }
    let onAppStore = session?.backend.isFork != true
    // By name: these commands are a shell process's (`Scenarios`); an app's shell reads them as `ElsewhereCommand`s.
    let name = (command as? ElsewhereCommand)?.name ?? type(of: command).description.name
    if name == "explore", onAppStore {
      throw CommandError(
        "`explore` runs generated actions through the reducer, which on the live store of \(attached.label) would run inside the app; type `fork` for a sandbox copy of its state, then `explore` there")
    }
    if name == "source", onAppStore {
      throw CommandError(
        "`source` would run a script's lines on the live store of \(attached.label), inside the app; type `fork` for a sandbox copy of its state, then `source` there")
    }
    if name == "save" {
      throw CommandError(
        "`save` writes a session that starts with `use`, and no scenario can rebuild the state of \(attached.label); type `fork` to try things on a copy of it, and record scenarios in a local session (`replshell --script`)")
    }
  }

  /// Replaces the live session with a sandbox copy of its state (`fork`).
  func fork() throws(CommandError) {
    guard let attached else {
      throw CommandError("`fork` copies a running app's state: start the shell with `--attach` to attach to one")
    }
    guard session?.backend.isFork != true else {
      throw CommandError("this session is already a fork of \(attached.label): type `attach` to return to the live store")
    }
    session = attached.live.forked()
  }

  /// Drops the fork and returns to the live session (`attach`).
  func returnToLive() throws(CommandError) {
    guard let attached else {
      throw CommandError("`attach` returns from a fork to a running app: start the shell with `--attach` to attach to one")
    }
    guard session?.backend.isFork == true else {
      throw CommandError("already on the live store of \(attached.label)")
    }
    session = attached.live
  }
}
