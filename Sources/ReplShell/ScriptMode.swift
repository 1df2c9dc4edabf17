import Foundation
import ReplShellDomain
import Scenarios
import StateValues

/// Runs scenario scripts: prints transcripts, or checks or updates their goldens; runs them
/// concurrently, prints their output in path order, ends with a summary line and can write a
/// JUnit report.
@MainActor struct ScriptMode {
  /// What to do with each script's transcript.
  enum Mode { case print, check, update }

  let domains: [Domain]
  let output: TerminalOutput
  let debugCategories: [String]
  let mode: Mode
  /// The most scenarios running at once.
  let jobs: Int
  /// The part of the scenarios to run, or nil for all of them.
  let shard: Shard?
  /// Where to write a JUnit report, if anywhere.
  let junitPath: String?
  /// Whether the report may replace a file that is not a report this tool wrote (`--force`).
  var replacesAnyJUnitFile = false
  /// Whether `--update` removes orphan goldens rather than listing them.
  let prune: Bool
  /// How the summary and the report name the run: the program name.
  let programName: String
  /// Whether redactions apply; false under `--no-redact`.
  let redacts: Bool
  /// Where goldens and their pending `.golden.new` files are.
  let goldenFiles: GoldenFiles
  /// How printed transcripts are written: text, or JSON events.
  var format: OutputFormat = .text

  /// Runs every scenario at `paths` (files, and folders for the `*.txt` under them); true when
  /// all succeeded (and, with `.check`, matched their goldens and no golden was an orphan).
  func run(paths: [String]) async -> Bool {
    let collection = ScenarioCollection(paths: paths, orphans: mode != .print)
    guard collection.missing.isEmpty else {
      for path in collection.missing {
        output.writeError("missing: \(path) does not exist; nothing was run")
      }
      return false
    }
    if let junitPath, let refusal = JUnitReport.refusalToWrite(at: junitPath, replacingAnyFile: replacesAnyJUnitFile) {
      // Before any scenario runs: a run whose report cannot be kept is not started.
      output.writeError(refusal)
      return false
    }
    let entries = shard.map { $0.part(of: collection.entries) } ?? collection.entries
    let start = ContinuousClock.now
    var results: [ScenarioResult] = []
    await JobRunner(jobs: jobs).run(entries, { [self] entry in await self.result(for: entry) }) { result in
      self.write(result)
      results.append(result)
    }
    let tests = results.filter(\.isTest)
    let failed = tests.filter { $0.failure != nil }.count
    var succeeded = failed == 0
    if let junitPath {
      do {
        try JUnitReport(suiteName: programName, results: results, duration: ContinuousClock.now - start).write(to: junitPath)
      } catch {
        output.writeError("cannot write the JUnit report to \(junitPath): \(error.localizedDescription)")
        succeeded = false
      }
    }
    let summary = "scenarios: \(tests.count - failed) passed, \(failed) failed"
    // A printed transcript stays pipeable: its summary goes to standard error.
    if mode == .print {
      output.writeError(summary)
    } else {
      output.write(summary)
    }
    return succeeded
  }

  private func write(_ result: ScenarioResult) {
    for piece in result.output {
      switch piece {
      case .transcript(let lines): output.write(lines)
      case .line(let text): output.write(text)
      case .error(let text): output.writeError(text)
      }
    }
  }

  private func result(for entry: ScenarioCollection.Entry) async -> ScenarioResult {
    let start = ContinuousClock.now
    var result: ScenarioResult
    switch entry {
    case .script(let path): result = await scriptResult(path)
    case .orphan(let path): result = orphanResult(path)
    }
    result.duration = ContinuousClock.now - start
    return result
  }

  private func scriptResult(_ path: String) async -> ScenarioResult {
    var result = ScenarioResult(name: path)
    let outcome = await transcript(ofScript: path)
    switch mode {
    case .print: result.output.append(.transcript(format == .json ? OutputFormat.jsonLines(outcome.events) : outcome.transcript))
    case .check: check(outcome, path: path, into: &result)
    case .update: update(outcome, path: path, into: &result)
    }
    if !outcome.succeeded, let error = Self.lastError(in: outcome.transcript) {
      if mode == .print {
        result.failure = result.failure ?? ScenarioResult.Failure(message: error.message, detail: error.detail)
      } else {
        result.fail(error.message, detail: error.detail)
        result.output += error.detail.split(separator: "\n").dropFirst().map { .error(String($0)) }
      }
    }
    return result
  }

  /// Runs the script at `path` with the `--debug` categories switched on first.
  func transcript(ofScript path: String) async -> ScriptRunner.Outcome {
    let prelude = debugCategories.map { "debug \($0) on" }
    return await ScriptRunner(domains: domains, redacts: redacts, keepsEvents: format == .json).run(URL(fileURLWithPath: path), displayPath: path, prelude: prelude)
  }

  /// The error that stopped a script: its first line (`error: file:line:column: …`) and all its lines.
  static func lastError(in transcript: [OutputLine]) -> (message: String, detail: String)? {
    guard let start = transcript.lastIndex(where: { $0.kind == .error && $0.text.hasPrefix("error: ") }) else { return nil }
    let lines = transcript[start...].prefix { $0.kind == .error }.map(\.text)
    return (lines[0], lines.joined(separator: "\n"))
  }

  private func orphanResult(_ golden: String) -> ScenarioResult {
    var result = ScenarioResult(name: golden)
    let script = ScenarioCollection.script(besideGolden: golden)
    switch mode {
    case .check:
      result.fail("orphan: \(golden) has no script \(script); remove it, or run \(programName) --update --prune on its folder")
    case .update where prune:
      result.isTest = false
      do {
        try FileManager.default.removeItem(atPath: golden)
        result.output.append(.line("removed \(golden): no script \(script) beside it"))
      } catch {
        result.isTest = true
        result.fail("\(golden): cannot remove the orphan golden: \(error.localizedDescription)")
      }
    case .update, .print:
      result.isTest = false
      result.output.append(.line("orphan: \(golden) has no script \(script); add --prune to remove it"))
    }
    return result
  }
}
