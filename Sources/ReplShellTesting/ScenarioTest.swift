import Foundation
import ReplShell
import Testing

/// One scenario script run as a Swift Testing test: its transcript must match the golden beside
/// it, and a mismatch is a test failure that shows the unified diff.
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
  /// fails, the golden is missing, or the transcript differs from it (with the unified diff); the
  /// golden's `[..]` and `...` wildcards are honoured, as `--check` honours them.
  @MainActor public func check(domains: [Domain], sourceLocation: SourceLocation = #_sourceLocation) async {
    let name = script.lastPathComponent
    let outcome = await ScriptRunner(domains: domains).run(script, displayPath: name)
    if !outcome.succeeded {
      let error = outcome.transcript.last { $0.kind == .error }?.text ?? "the script failed"
      Issue.record("\(name) failed: \(error)", sourceLocation: sourceLocation)
    }
    let found: GoldenComparison?
    do {
      found = try GoldenComparison(goldenAt: golden, transcript: outcome.text)
    } catch {
      Issue.record("\(name): \(error.message)", sourceLocation: sourceLocation)
      return
    }
    guard let comparison = found else {
      Issue.record(
        "\(name) has no golden at \(golden.path); review the transcript, then write it with `--script \(script.path) --update`",
        sourceLocation: sourceLocation)
      return
    }
    let diff = comparison.diff(goldenName: golden.lastPathComponent, transcriptName: "\(name) (this run)")
    if !diff.isEmpty {
      Issue.record(
        "\(name) differs from \(golden.lastPathComponent); review the diff, then accept it with `--script \(script.path) --update`:\n\(diff)",
        sourceLocation: sourceLocation)
    }
  }

  /// Runs `script`, a scenario's lines, in a fresh session over `domains` (folders it names are
  /// under `baseDirectory`) and records a test issue when a command fails or the transcript
  /// differs from `golden` (with the unified diff): what `shrink --swift` writes, a scenario and
  /// its golden kept in the test's source.
  @MainActor public static func check(
    domains: [Domain], script: String, golden: String, name: String = "shrunk.txt",
    baseDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath), sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let text = script.hasSuffix("\n") ? script : script + "\n"
    let outcome = await ScriptRunner(domains: domains).run(text: text, name: name, baseDirectory: baseDirectory)
    if !outcome.succeeded {
      let error = outcome.transcript.last { $0.kind == .error }?.text ?? "the script failed"
      Issue.record("\(name) failed: \(error)", sourceLocation: sourceLocation)
    }
    let comparison = GoldenComparison(golden: golden.hasSuffix("\n") ? golden : golden + "\n", transcript: outcome.text)
    let diff = comparison.diff(goldenName: "golden", transcriptName: "\(name) (this run)")
    if !diff.isEmpty {
      Issue.record("\(name) differs from its golden:\n\(diff)", sourceLocation: sourceLocation)
    }
  }
}
