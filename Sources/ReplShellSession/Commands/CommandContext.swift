import Foundation
import ReplShellDomain
import SessionProtocol

/// What a command may use, and nothing more, in a few views of one concern each: the line it
/// runs for, the output settings, the running session, the paths and the scripts being sourced;
/// beside them the shell's domains, commands and debug switches, and the event stream it prints
/// into as it goes. A command never sees the `Shell` itself.
@MainActor package struct CommandContext {
  private let shell: Shell
  /// Where the line comes from: who dispatches by it, and its `file:line` or number.
  package let line: LineSource

  /// The context of one line run by `shell`, whose findings go into `report`; `typedLine` is its
  /// number among the lines typed.
  init(shell: Shell, origin: DispatchEvent.Origin = .user, location: String? = nil, typedLine: Int? = nil, report: LineReport) {
    self.shell = shell
    self.line = LineSource(origin: origin, location: location, typedLine: typedLine, report: report)
  }

  /// Where commands emit what they print while they run, in order.
  package var events: SessionEventStream { shell.events }

  /// Where `explore` and `shrink` report their progress: on a terminal only, nil in scripts.
  package var progress: ProgressReporter? { shell.progress.work }

  /// The debug categories that are on.
  var debug: DebugSwitches { shell.events.debug }

  /// Every domain the shell knows.
  package var domains: [Domain] { shell.domains }

  /// The commands the shell runs, for `help`.
  var commands: CommandSet { shell.commands }

  /// The name the user runs this shell by, for hints that give a command line.
  package var programName: String { shell.settings.programName }

  /// How output is laid out and redacted: tables, the terminal's width, redactions.
  package var output: OutputControl { OutputControl(shell: shell) }

  /// The running session and what starts, forks or leaves it; the typed session through
  /// `open` and `read`.
  package var session: SessionControl { SessionControl(shell: shell, inScript: line.location != nil) }

  /// Where relative paths start from, and a typed path as a file's address.
  package var paths: ShellPaths { ShellPaths(shell: shell) }

  /// The scripts `source` runs, and the chain of those running.
  package var scripts: ScriptControl { ScriptControl(shell: shell, location: line.location) }
}
