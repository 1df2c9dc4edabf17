import Foundation
import ReplShellDomain
import ReplShellSession
import SessionProtocol

/// What a command may use, and nothing more, in a few views of one concern each: the line it
/// runs for, the output settings, the running session, the paths and the scripts being sourced;
/// beside them the shell's domains, commands and debug switches, and the event stream it prints
/// into as it goes. A command never sees the shell itself (`CommandHost`).
@MainActor public struct CommandContext {
  private let host: any CommandHost
  /// Where the line comes from: who dispatches by it, and its `file:line` or number.
  public let line: LineSource

  /// The context of one line run by `host`, whose findings go into `report`; `typedLine` is its
  /// number among the lines typed.
  package init(
    host: any CommandHost, origin: DispatchEvent.Origin = .user, location: String? = nil, typedLine: Int? = nil, report: LineReport
  ) {
    self.host = host
    self.line = LineSource(origin: origin, location: location, typedLine: typedLine, report: report)
  }

  /// Where commands emit what they print while they run, in order.
  public var events: SessionEventStream { host.events }

  /// Where `explore` and `shrink` report their progress: on a terminal only, nil in scripts.
  public var progress: ProgressReporter? { host.workProgress }

  /// The debug categories that are on.
  var debug: DebugSwitches { host.events.debug }

  /// Every domain the shell knows.
  public var domains: [Domain] { host.domains }

  /// The commands the shell runs, for `help`.
  var commands: CommandSet { host.commands }

  /// The name the user runs this shell by, for hints that give a command line.
  public var programName: String { host.programName }

  /// How output is laid out and redacted: tables, the terminal's width, redactions.
  public var output: OutputControl { OutputControl(host: host) }

  /// The running session and what starts, forks or leaves it; the typed session through
  /// `open` and `read`.
  public var session: SessionControl { SessionControl(host: host, inScript: line.location != nil) }

  /// Where relative paths start from, and a typed path as a file's address.
  public var paths: ShellPaths { ShellPaths(host: host) }

  /// The scripts `source` runs, and the chain of those running.
  public var scripts: ScriptControl { ScriptControl(host: host, location: line.location) }
}
