import Foundation
import ReplShellDomain
import ReplShellFoundation
import ReplShellSession
import StateValues

/// What the shell that runs a command lends it: the one way the command language reaches the
/// shell above it. Commands never see the shell itself, only `CommandContext`'s views of these.
@MainActor package protocol CommandHost: AnyObject {
  /// Every domain the shell knows.
  var domains: [Domain] { get }
  /// The commands the shell runs.
  var commands: CommandSet { get }
  /// Where commands emit what they print while they run, in order.
  var events: SessionEventStream { get }
  /// Where `explore` and `shrink` report their progress; nil when nobody shows it.
  var workProgress: ProgressReporter? { get }
  /// The name the user runs this shell by.
  var programName: String { get }

  /// How tables print, as `width` and `expanded` set it.
  var tables: TableSettings { get set }
  /// The width of the terminal output goes to; nil when it goes to none.
  var terminalColumns: Int? { get }
  /// The redactions in force.
  var redactions: RedactionList { get }
  /// Switches a redaction on from this line on.
  func addRedaction(_ redaction: Redaction)

  /// The folder relative paths start from: the shell's, or the script's `source` runs.
  var baseDirectory: URL { get set }
  /// How far the shell's paths may reach.
  var fileReach: FileReach { get }
  /// The scripts `source` is running, outermost first.
  var sourceChain: [SourceFrame] { get set }
  /// Runs a script's lines inside the `source` line that is running.
  func runSourcedScript(_ script: ScriptLines) async -> ScriptLines.Outcome

  /// The running session, or an error that says how to start one (naming a script when `inScript`).
  func requireSession(inScript: Bool) throws(CommandError) -> any AnyDomainSession
  /// The running session, if any.
  var currentSession: (any AnyDomainSession)? { get }
  /// The running domain's name and options.
  var runningDomain: (domain: String, options: [String: String])? { get }
  /// What succeeded since the running session started.
  var recording: SessionRecording? { get }
  /// Starts `domain` with `options`, replacing the running session.
  func startDomain(_ domain: String, options: [String: String]) async throws(CommandError)
  /// The running app's connection when the shell is attached to one.
  var liveControl: (any LiveControl)? { get }
  /// Replaces the live session with a sandbox copy of its state.
  func fork() throws(CommandError)
  /// Returns from a fork to the live session.
  func returnToLive() throws(CommandError)
  /// Starts the session's inspector on `port` and returns its address.
  func startInspector(port: Int) async throws(CommandError) -> String
}
