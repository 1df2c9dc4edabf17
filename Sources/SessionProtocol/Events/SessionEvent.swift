import StateValues
/// Something a shell session did, in the order it happened: a command started, an action was
/// dispatched, a listener logged a line, a watched selector changed, listeners settled, a command
/// printed or failed. Every part of a session emits these into one `SessionEventStream`; the text
/// transcript, `diff`, `--format json`, the MCP replies and any tool attached to the session are
/// renderers over them.
public enum SessionEvent: Sendable, Equatable {
  /// A command line started running (transcripts echo it behind the prompt).
  case command(CommandEvent)
  /// A script's comment or blank line, echoed as written.
  case comment(String)
  /// An action went to the store: reduced, or rejected by the reducer.
  case dispatched(DispatchEvent)
  /// A log line: a listener's swift-log line, or a line of a `debug` category.
  case log(LogLine)
  /// A watched selector's output changed, or could not be computed.
  case watch(WatchEvent)
  /// An invariant did not hold after a dispatch; the line that was running fails with it.
  case invariant(InvariantEvent)
  /// A breakpoint's predicate became true after a dispatch: scripts stop at the line, the prompt marks it.
  case breakpoint(BreakEvent)
  /// The state of the store at a point of a recorded session (a flight recorder's log starts with one).
  case snapshot(SnapshotEvent)
  /// The listeners finished their side effects: after each dispatch in a domain with listeners,
  /// and for `settle`.
  case settled(SettleEvent)
  /// A note of the session itself: the database a domain opened, an action the catalog lacks.
  case note(String)
  /// Lines a command printed that no other event holds: a selector's output, `help`, `history`;
  /// with the value they print as JSON (`state`, `select`), nil when they print no one value.
  case output([OutputLine], value: JSONForm? = nil)
  /// A tool's report as data with its lines: an `explore`'s coverage, a `linearize` verdict.
  case report(ReportEvent)
  /// A command failed: an error, or an expectation that did not hold.
  case error(ErrorEvent)
}

/// A command line the session ran.
public struct CommandEvent: Sendable, Equatable {
  /// The line as typed or read from a script.
  public let line: String
  /// The running domain when the line started, nil before any `use`; the prompt is its name and `> `.
  public let domain: String?
  /// Where the line came from: `file.txt:12` in scripts, nil when typed.
  public let location: String?
  /// True for a line of a script that `source` runs: transcripts echo it even where they do not
  /// echo the commands typed.
  public let isSourced: Bool

  /// Describes a command line.
  public init(line: String, domain: String?, location: String? = nil, isSourced: Bool = false) {
    self.line = line
    self.domain = domain
    self.location = location
    self.isSourced = isSourced
  }

  /// The prompt the line is echoed behind: `counter> `.
  public var prompt: String { (domain ?? "replshell") + "> " }
}

/// The end of a wait for the listeners' side effects.
public struct SettleEvent: Sendable, Equatable {
  /// True when `settle` asked for it; false after a dispatch, which always settles.
  public let requested: Bool

  /// Describes a settled wait.
  public init(requested: Bool) {
    self.requested = requested
  }
}

/// A command that failed: its message, and where.
public struct ErrorEvent: Sendable, Equatable {
  /// What went wrong; further lines (an expectation's actual value) after newlines.
  public let message: String
  /// The script line, `file.txt:12`, when the command came from a script.
  public let location: String?
  /// The 1-based column in the line, when the problem has a place.
  public let column: Int?

  /// Describes a failure.
  public init(message: String, location: String?, column: Int?) {
    self.message = message
    self.location = location
    self.column = column
  }
}

extension SessionEvent {
  /// Every kind `--format json` writes, as `"event"` names them.
  public static let kinds: Set<String> = [
    "command", "comment", "dispatched", "log", "watch", "invariant", "break", "snapshot", "settled", "note", "output", "report", "error",
  ]

  /// The event's kind as `--format json` names it in `"event"`: `command`, `dispatched`, ….
  public var kind: String {
    switch self {
    case .command: "command"
    case .comment: "comment"
    case .dispatched: "dispatched"
    case .log: "log"
    case .watch: "watch"
    case .invariant: "invariant"
    case .breakpoint: "break"
    case .snapshot: "snapshot"
    case .settled: "settled"
    case .note: "note"
    case .output: "output"
    case .report: "report"
    case .error: "error"
    }
  }
}
