/// What a command may touch when it runs, the most it ever does: every command declares it as
/// part of its type (`ShellCommand.reach`), `help <command>` shows it, and MCP clients read it as
/// the tool's annotations.
///
/// The cases are ordered: each one may touch what the ones before it touch.
public enum CommandReach: Int, Sendable, Comparable, CaseIterable {
  /// Reads the state, the history or the registry, and changes nothing: the session and the store
  /// are byte-identical afterwards (`state`, `select`, `expect`, `history`).
  case nothing
  /// Changes the session's own settings or bookkeeping, never the app's state (`watch`, `debug`,
  /// `hide`, `redact`).
  case session
  /// Changes the app's state: dispatches actions or moves in time (`dispatch`, `undo`, `reset`).
  /// The domain's listeners may then reach its database or network as the app would.
  case appState
  /// Reaches beyond the session: files, a database, the network, an attached app (`save`,
  /// `source`, `use`, `attach`).
  case outsideWorld

  /// Whether `lhs` touches less than `rhs`.
  public static func < (lhs: CommandReach, rhs: CommandReach) -> Bool { lhs.rawValue < rhs.rawValue }

  /// How `help <command>` says it.
  public var phrase: String {
    switch self {
    case .nothing: "nothing (reads only)"
    case .session: "the session (its settings and bookkeeping), never the app's state"
    case .appState: "the app's state (dispatches; listeners may reach the domain's database or network)"
    case .outsideWorld: "the outside world (files, a database, the network or an attached app)"
    }
  }

  /// MCP's `readOnlyHint`: the tool does not modify its environment.
  public var isReadOnly: Bool { self == .nothing }

  /// MCP's `destructiveHint`: the tool may change or remove what was there, not only add.
  public var isDestructive: Bool { self >= .appState }

  /// MCP's `idempotentHint`: calling it again with the same arguments has no further effect.
  /// Settings are (`watch x` twice watches `x` once); dispatches and files are not.
  public var isIdempotent: Bool { self <= .session }

  /// MCP's `openWorldHint`: the tool may interact with entities outside the session.
  public var isOpenWorld: Bool { self >= .appState }
}
