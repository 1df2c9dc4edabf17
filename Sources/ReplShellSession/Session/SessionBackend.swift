import StateValues
/// Where a session's store lives, and what that allows: the session is given one and asks it,
/// instead of checking which it is. A value stored inline in the session: asking it is a switch,
/// not a call through an existential.
public enum SessionBackend: Equatable, Sendable {
  /// The session's own store: started by `use`, or by `--replay` (its listeners off, as `use
  /// --listeners off` starts one), which then goes on as any session does. `explore` and `shrink`
  /// run on no session: they reduce states of their own, or run fresh stores with held effects,
  /// from this one's state and history, so no check here needs to tell them apart.
  case local
  /// A running app's store, reached through its attachment; dispatches only when it allows writes.
  case live(allowsWrites: Bool)
  /// A local copy of a live store's state (`fork`).
  case fork

  /// Why a dispatch is refused here, with what to type instead; nil when the store takes it.
  var writeRefusal: CommandError? {
    guard case .live(allowsWrites: false) = self else { return nil }
    return CommandError(
      "the live store is read-only: the app opened its attachment without writes; type `fork` to dispatch into a sandbox copy of the state (or open the attachment with `allowsWrites: true`)")
  }

  /// Why `undo`, `redo` and `jump` are refused here, with what to type instead; nil when they work.
  var travelRefusal: CommandError? {
    guard isAppStore else { return nil }
    return CommandError(
      "undo, redo and jump are not offered on a live store: the app's state moves only by its actions; type `fork` for a sandbox copy where they work")
  }

  /// Whether the store is a running app's, which the shell neither owns nor closes, and whose own
  /// actions the session's history does not hold.
  public var isAppStore: Bool {
    if case .live = self { true } else { false }
  }

  /// Whether the session closes its store's listeners when it ends: not an app's, whose
  /// listeners go on after the shell detaches.
  var closesStore: Bool { !isAppStore }

  /// Whether the session is a sandbox copy of a live store's state (`fork`).
  public var isFork: Bool { self == .fork }

  /// `live`, `live, read-only` or `fork`, as the prompt and the inspector name a session on a
  /// running app's store; nil for a local one.
  public var name: String? {
    switch self {
    case .live(allowsWrites: true): "live"
    case .live(allowsWrites: false): "live, read-only"
    case .fork: "fork"
    case .local: nil
    }
  }

  /// What `why` says of a value no entry of the history changed.
  func unchangedNote(_ written: String) -> String {
    isAppStore
      ? "`\(written)` was changed by no action since this shell attached, its own or the app's. It is:"
      : "`\(written)` has not changed since the initial state: no applied entry changed it. It is:"
  }

  /// What the history leaves out, said after `why` and `history --changed`: on a live store, what
  /// the app did before the shell attached.
  var historyScopeNote: [OutputLine] {
    isAppStore
      ? [.note("(on a live store the history starts when this shell attached: an app's flight recorder keeps what came before, for `replshell --replay`)")]
      : []
  }

  /// What `history` says when it holds nothing here; nil for the usual empty listing.
  var emptyHistoryNote: OutputLine? {
    isAppStore ? .note("no actions dispatched yet, by this shell or by the app since the shell attached") : nil
  }
}
