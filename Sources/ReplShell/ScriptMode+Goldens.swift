import Foundation
import Scenarios
import StateValues

extension ScriptMode {
  /// `--check`: compares the transcript with the golden, wildcards honoured; a mismatch or a
  /// missing golden also leaves the new golden as `NAME.golden.new` for CI to upload.
  func check(_ outcome: ScriptRunner.Outcome, path: String, into result: inout ScenarioResult) {
    let golden = goldenFiles.golden(forScript: path)
    let found: GoldenComparison?
    do {
      found = try GoldenComparison(goldenAt: golden, transcript: outcome.text)
    } catch {
      let pending = writeNew(outcome.text, path: path, into: &result)
      result.fail("\(path): \(error.message)\(pending); fix or remove it, then run with --update to write it again")
      return
    }
    guard let comparison = found else {
      let pending = writeNew(outcome.text, path: path, into: &result)
      result.fail("\(path): no golden at \(golden.path); review the transcript\(pending), then run with --update to create it")
      return
    }
    if comparison.matches {
      result.output.append(.line("ok: \(path) matches \(golden.lastPathComponent)"))
      return
    }
    let diff = comparison.diff(goldenName: golden.lastPathComponent, transcriptName: "\(path) (this run)")
    result.output.append(.line(diff))
    let pending = writeNew(comparison.updatedGolden, path: path, into: &result)
    result.fail("mismatch: \(path) differs from \(golden.lastPathComponent)\(pending); review the diff, then run with --update to accept it", detail: diff)
  }

  /// `--update`: writes the golden, keeping its wildcards wherever the transcript still matches
  /// them (whole, never through a link), and removes a stale `.golden.new`.
  func update(_ outcome: ScriptRunner.Outcome, path: String, into result: inout ScenarioResult) {
    let golden = goldenFiles.golden(forScript: path)
    let text: String
    do {
      text = try Self.updatedGolden(at: golden, transcript: outcome.text)
    } catch {
      // The transcript replaces a golden that cannot be read; say so, since its wildcards are lost.
      result.output.append(.line("\(path): \(error.message); writing the transcript over it"))
      text = outcome.text
    }
    do {
      try GoldenComparison.write(text, toGoldenAt: golden)
      result.output.append(.line("wrote \(golden.path)"))
      let stale = goldenFiles.removeNew(forScript: path)
      result.output += stale.removed.map { .line("removed \($0)") } + stale.failures.map { .error($0) }
    } catch {
      result.fail("\(path): \(error.message)")
    }
  }

  /// What `--update` writes for a transcript: the existing golden's wildcards kept where they match.
  static func updatedGolden(at golden: URL, transcript: String) throws(CommandError) -> String {
    try GoldenComparison(goldenAt: golden, transcript: transcript)?.updatedGolden ?? transcript
  }

  /// Writes `NAME.golden.new`; returns ` (new transcript in PATH)` for the failure line, or an
  /// empty string when it could not be written (which is reported too).
  private func writeNew(_ text: String, path: String, into result: inout ScenarioResult) -> String {
    do {
      return " (new transcript in \(try goldenFiles.writeNew(text, forScript: path)))"
    } catch {
      result.output.append(.error("\(path): cannot write \(goldenFiles.newGolden(forScript: path)): \(error.localizedDescription)"))
      return ""
    }
  }
}
