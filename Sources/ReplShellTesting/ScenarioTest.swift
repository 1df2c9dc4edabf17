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

  /// Every `*.txt` script under `folder`, recursively, in sorted path order.
  public static func all(in folder: URL) -> [ScenarioTest] {
    let root = folder.standardizedFileURL
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
    let scripts = walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "txt" }
    return scripts.map(\.standardizedFileURL).sorted { $0.path < $1.path }.map(ScenarioTest.init)
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
    guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
      Issue.record(
        "\(name) has no golden at \(golden.path); review the transcript, then write it with `--script \(script.path) --update`",
        sourceLocation: sourceLocation)
      return
    }
    let diff = GoldenComparison(golden: expected, transcript: outcome.text)
      .diff(goldenName: golden.lastPathComponent, transcriptName: "\(name) (this run)")
    if !diff.isEmpty {
      Issue.record(
        "\(name) differs from \(golden.lastPathComponent); review the diff, then accept it with `--script \(script.path) --update`:\n\(diff)",
        sourceLocation: sourceLocation)
    }
  }
}
