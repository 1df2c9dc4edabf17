import Foundation
import ReplShell
import ReplShellDomain
import Scenarios
import Testing

/// One scenario script run as a Swift Testing test: its transcript must match the golden beside
/// it, and a mismatch is a test failure that shows the unified diff and attaches the diff and
/// the transcript to the test. A missing or differing golden is written as the record mode says
/// (``RecordMode``: `REPLSHELL_RECORD`, `missing` by default, nothing ever written on CI).
///
/// ```swift
/// @Test(arguments: ScenarioTest.all(in: scenariosFolder))
/// func scenario(_ scenario: ScenarioTest) async {
///   await scenario.check(domains: [.shelf])
/// }
/// ```
public struct ScenarioTest: Sendable, CustomTestStringConvertible {
  /// The script file (`Scenarios/shelf.txt`).
  public let script: URL

  /// A test of the script at `script`.
  public init(script: URL) {
    self.script = script
  }

  /// Every `*.txt` script under `folder`, recursively, in sorted path order: the scenarios
  /// `--check FOLDER` runs.
  public static func all(in folder: URL) -> [ScenarioTest] {
    ScenarioCollection(paths: [folder.standardizedFileURL.path], orphans: false).entries.map {
      ScenarioTest(script: URL(fileURLWithPath: $0.path))
    }
  }

  /// The golden file beside the script (`shelf.golden`).
  public var golden: URL { ScriptRunner.goldenURL(for: script) }

  /// The script's file name, which names the test case.
  public var testDescription: String { script.lastPathComponent }

  /// Runs the script in a fresh session over `domains` and records a test issue when a command
  /// fails, the golden is missing, or the transcript differs from it (with the unified diff,
  /// attached as `NAME.diff` beside the transcript as `NAME.transcript.txt`, and a `linearize`
  /// line's failed history drawn as `NAME-HISTORY.html`); the golden's `[..]`
  /// and `...` wildcards are honoured, as `--check` honours them. `record` (else
  /// `REPLSHELL_RECORD`, else `missing`; `never` on CI) says which goldens are written; a golden
  /// written is a failure too, to be read before it is committed.
  @MainActor @discardableResult
  public func check(domains: [Domain], record: RecordMode? = nil, sourceLocation: SourceLocation = #_sourceLocation) async -> Report {
    let report = await run(domains: domains, record: record)
    report.findings.record(sourceLocation: sourceLocation)
    return report
  }

  /// What `check` does, without recording anything on the test: the report of the run, its
  /// failures and the attachments they would carry. `environment` stands for the process's.
  @MainActor func run(
    domains: [Domain], record: RecordMode?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) async -> Report {
    let outcome = await ScriptRunner(domains: domains, keepsEvents: true).run(script, displayPath: script.lastPathComponent)
    return report(on: outcome, record: record, environment: environment)
  }

  /// Runs `script`, a scenario's lines, in a fresh session over `domains` (folders it names are
  /// under `baseDirectory`) and records a test issue when a command fails or the transcript
  /// differs from `golden` (with the unified diff, attached with the transcript): what
  /// `shrink --swift` writes, a scenario and its golden kept in the test's source.
  @MainActor public static func check(
    domains: [Domain], script: String, golden: String, name: String = "shrunk.txt",
    baseDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath), sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let text = script.hasSuffix("\n") ? script : script + "\n"
    let outcome = await ScriptRunner(domains: domains, keepsEvents: true).run(text: text, name: name, baseDirectory: baseDirectory)
    inlineFindings(of: outcome, golden: golden, name: name).record(sourceLocation: sourceLocation)
  }
}
