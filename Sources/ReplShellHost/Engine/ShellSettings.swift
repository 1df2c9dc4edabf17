import Foundation
import ReplShellCommands
import ReplShellFoundation
import StateValues

/// How a shell runs its sessions, set by its front end before or between lines.
public struct ShellSettings: Sendable {
  /// Whether sessions start in script mode (in-memory stores, UTC calendar, counted ids).
  public var isScript: Bool
  /// How long each command waits for the listeners' side effects, for every domain, instead of
  /// the domain's own `settleTimeout`: for slow or loaded machines. It starts from the
  /// environment's `REPLSHELL_SETTLE_TIMEOUT` (seconds); nil leaves each domain's.
  public var settleTimeout: Duration? = ShellSettings.settleTimeoutFromEnvironment
  /// Whether a database a `use` line names is opened as a throwaway copy, never written: true
  /// for scenarios run from a file (`--check`, `--script`, `save`'s fresh run), so that a scenario
  /// gives the same transcript every time and leaves the file as it was.
  public var copiesDatabases = false
  /// The name the user runs the shell by (`replshell`, or a client's own shell), for hints that
  /// give a command line to type.
  public var programName = "replshell"
  /// The width in columns of the terminal output goes to, which tables fit unless `width` says
  /// otherwise: the interactive front end reads it before each line, so a resized window counts;
  /// nil when output goes to no terminal (scripts, pipes, `--mcp`), where tables print whole.
  public var terminalColumns: Int?
  /// How tables print: the width they fit and whether records print as blocks (`width`, `expanded`).
  var tables = TableSettings()
  /// The furthest a command may reach in this shell; a command that reaches further is refused
  /// with an error naming the limit. Nil, the default, refuses none. The fuzz targets (`Fuzz/`)
  /// set `.appState`, so that the lines they generate never write a file, open a database or a
  /// socket, or start a server.
  var reachLimit: CommandReach?

  /// Where the paths commands read and write may lie (`save`, `source`, `shrink --save`,
  /// `linearize FILE`, `--html`…): anywhere by default; the MCP server confines them to its
  /// working folder unless started with `--allow-any-path`, so that an agent cannot write into the
  /// system's folders or read a file outside the project.
  public var fileReach = FileReach.anywhere

  /// Settings for an interactive shell, or a script's when `isScript`.
  public init(isScript: Bool) {
    self.isScript = isScript
  }

  /// `REPLSHELL_SETTLE_TIMEOUT` as a duration; nil when unset or not a number of seconds above 0.
  static var settleTimeoutFromEnvironment: Duration? {
    settleTimeout(environmentValue: ProcessInfo.processInfo.environment["REPLSHELL_SETTLE_TIMEOUT"])
  }

  /// `text`, a number of seconds above 0, as a duration; nil for anything else.
  static func settleTimeout(environmentValue text: String?) -> Duration? {
    guard let text, let seconds = Double(text), seconds > 0, seconds < 1e9 else { return nil }
    return .milliseconds(Int64(seconds * 1_000))
  }

  /// Refuses `command` when it reaches further than `reachLimit`. Static, so that a line reads the
  /// one setting rather than copying them all.
  static func refuse(_ command: any ShellCommand, beyond reachLimit: CommandReach) throws(CommandError) {
    let reach = type(of: command).reach
    guard reach > reachLimit else { return }
    throw CommandError(
      "`\(type(of: command).description.name)` may touch \(reach.phrase); this shell runs only commands that touch at most \(reachLimit.phrase)")
  }

  /// The calendar sessions get: UTC in scripts, so that their transcripts do not depend on the
  /// machine's time zone; the user's own otherwise.
  var calendar: Calendar {
    guard isScript else { return Calendar.current }
    return Self.utcCalendar
  }

  private static let utcCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar
  }()
}
