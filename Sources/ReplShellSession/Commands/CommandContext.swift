import Foundation

/// What a command may use, and nothing more: the running session's operations, the shell's
/// paths and domains, the debug switches and redactions, and the event stream it prints into
/// as it goes. A command never sees the `Shell` itself.
@MainActor package struct CommandContext {
  private let shell: Shell
  /// The commands the shell runs, for `help`.
  var commands: CommandSet { shell.commands }
  /// Who a dispatch of this line counts as: the user, or a script.
  let origin: DispatchEvent.Origin
  /// Where the line is (`file.txt:12`) when it comes from a script.
  package let location: String?
  /// The line as what caused what it dispatches: `file.txt:12`, or its number in the session's
  /// input (`line 3`); nil when not known.
  let line: DispatchEvent.Cause?

  /// The context of one line run by `shell`; `typedLine` is its number among the lines typed.
  init(shell: Shell, origin: DispatchEvent.Origin = .user, location: String? = nil, typedLine: Int? = nil) {
    self.shell = shell
    self.origin = origin
    self.location = location
    self.line = location.map { .scriptLine($0) } ?? typedLine.map { .typedLine($0) }
  }

  /// Where commands emit what they print while they run, in order.
  package var events: SessionEventStream { shell.events }

  /// Where `explore` and `shrink` report their progress: on a terminal only, nil in scripts.
  package var progress: ProgressReporter? { shell.progress.work }

  /// The debug categories that are on.
  var debug: DebugSwitches { shell.events.debug }

  /// Every domain the shell knows.
  package var domains: [Domain] { shell.domains }

  /// The folder relative paths start from.
  var baseDirectory: URL { shell.baseDirectory }

  /// The running session, if any.
  var runningSession: (any AnyDomainSession)? { shell.slot.session }

  /// The names `templates` show: the running domain's, else the first the shell knows. The
  /// state is read only when a template shows a path or a selector's output.
  func exampleNames(for templates: [String]) -> ExampleNames {
    if let session = runningSession {
      return ExampleNames(session: session, readsState: templates.contains { $0.contains("{path}") || $0.contains("{value}") })
    }
    return shell.domains.first?.exampleNames ?? ExampleNames()
  }

  /// The name the user runs this shell by, for hints that give a command line.
  package var programName: String { shell.settings.programName }

  /// The running session, or an error that says how to start one.
  package func session() throws(CommandError) -> any AnyDomainSession {
    try shell.slot.require(domains: shell.domains, inScript: location != nil)
  }

  /// A path as typed in a command, relative to `baseDirectory` unless absolute.
  package func url(forPath path: String) -> URL {
    URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: shell.baseDirectory.path, isDirectory: true)).standardizedFileURL
  }

  /// Starts `domain` with `options`, replacing the running session.
  func start(domain: String, options: [String: String]) async throws(CommandError) {
    try await shell.start(domain: domain, options: options)
  }

  /// The running domain's name and options, for `reset`.
  var running: (domain: String, options: [String: String])? {
    shell.slot.running.map { ($0.domain.name, $0.options) }
  }

  /// What succeeded since the running session started, for `save`.
  package var recording: SessionRecording? { shell.slot.running?.recording }

  /// The running app's connection when the shell is attached to one (`--attach`), for `tail`.
  var liveControl: (any LiveControl)? { shell.slot.attached?.control }

  /// Replaces the live session with a sandbox copy of its state.
  func fork() throws(CommandError) { try shell.slot.fork() }

  /// Returns from a fork to the live session.
  func returnToLive() throws(CommandError) { try shell.slot.returnToLive() }

  /// How tables print, as `width` and `expanded` set it.
  var tables: TableSettings {
    get { shell.settings.tables }
    nonmutating set { shell.settings.tables = newValue }
  }

  /// The width of the terminal output goes to; nil when it goes to none.
  var terminalColumns: Int? { shell.settings.terminalColumns }

  /// The layout of a table printed now.
  var tableLayout: TableLayout { tables.layout(terminalColumns: terminalColumns) }

  /// The redactions in force.
  var redactions: RedactionList { shell.redactions }

  /// Switches a redaction on from this line on.
  func addRedaction(_ redaction: Redaction) {
    shell.redactions.add(redaction)
  }

  /// Starts the session's inspector on `port` and returns its address, or says how to add one.
  func startInspector(port: Int) async throws(CommandError) -> String {
    try await shell.inspection.start(port: port)
  }

  /// Runs the script at `url` in this session with the lines of `--script`, its relative paths
  /// taken from its folder; `name` is how its lines' locations name it. Returns the line that
  /// failed (`name:line`), or nil when every line succeeded or it quit.
  /// `breakStop` is the breakpoint that stopped it, at any depth of `source`.
  package func runScript(at url: URL, text: String, name: String) async -> (failedAt: String, breakStop: BreakEvent?)? {
    let outer = shell.baseDirectory
    shell.baseDirectory = url.deletingLastPathComponent()
    shell.sourceChain.append(SourceFrame(script: url.resolvingSymlinksInPath().standardizedFileURL, name: name, sourcedAt: location))
    defer {
      shell.baseDirectory = outer
      shell.sourceChain.removeLast()
    }
    shell.breakStop = nil
    guard let failed = await ScriptLines(text: text, name: name).runSourced(in: shell).failedLocation else { return nil }
    return (failed, shell.breakStop)
  }

  /// The scripts `source` is running, outermost first.
  package var sourceChain: [SourceFrame] { shell.sourceChain }
}

/// A script `source` is running, and where the `source` line that runs it is.
package struct SourceFrame {
  /// The script's file, symbolic links resolved.
  package let script: URL
  /// How its lines' locations name it.
  package let name: String
  /// The `source` line's `file:line`; nil when it was typed.
  package let sourcedAt: String?
}
