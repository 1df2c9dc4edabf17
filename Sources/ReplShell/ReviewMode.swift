import Foundation
import Scenarios

/// `--review`: runs the scenarios, then walks the failing ones one by one, shows each diff and
/// reads one key: `a` accepts (writes the golden), `r` rejects (drops the new transcript), `s`
/// skips, `A` accepts all the rest, `q` stops. Without a terminal it prints the diffs and the
/// `--update` line that accepts them, since everything it does is possible without one.
@MainActor struct ReviewMode {
  /// A scenario whose golden is missing or differs.
  struct Pending: Sendable {
    let path: String
    let golden: URL
    let diff: String
    let updatedGolden: String
  }

  /// Runs the scripts and knows where their goldens are.
  let scripts: ScriptMode

  /// Reviews every scenario at `paths`; true when none is left failing.
  func run(paths: [String]) async -> Bool {
    let collection = ScenarioCollection(paths: paths, orphans: false)
    for path in collection.missing {
      scripts.output.writeError("missing: \(path) does not exist; nothing was run")
    }
    guard collection.missing.isEmpty else { return false }
    var pending: [Pending] = []
    await JobRunner(jobs: scripts.jobs).run(collection.entries.map(\.path), { [scripts] path in
      await Self.compare(path, scripts: scripts)
    }) { item in
      if let item { pending.append(item) }
    }
    let output = scripts.output
    guard !pending.isEmpty else {
      output.write("review: all \(collection.entries.count) scenarios match their goldens")
      return true
    }
    guard KeyReader.isAvailable else {
      for item in pending { output.write(TerminalOutput.diffLines(item.diff)) }
      output.writeError("--review reads single keys from a terminal; without one, accept chosen scenarios with:")
      output.writeError("  \(scripts.programName) --update \(pending.map(\.path).joined(separator: " "))")
      return false
    }
    return walk(pending)
  }

  /// Runs one script; the pending review when its golden is missing or differs, else nil (and a
  /// stale `.golden.new` of it is removed).
  private static func compare(_ path: String, scripts: ScriptMode) async -> Pending? {
    let outcome = await scripts.transcript(ofScript: path)
    if !outcome.succeeded, let error = ScriptMode.lastError(in: outcome.transcript) {
      scripts.output.writeError(error.detail)
    }
    let golden = scripts.goldenFiles.golden(forScript: path)
    let expected: String
    do {
      expected = try GoldenComparison.read(at: golden) ?? ""
    } catch {
      // Reviewed against nothing: accepting writes the new transcript over it.
      scripts.output.writeError("\(path): \(error.message)")
      expected = ""
    }
    let comparison = GoldenComparison(golden: expected, transcript: outcome.text)
    guard !comparison.matches else {
      removeStaleNew(forScript: path, scripts: scripts)
      return nil
    }
    let diff = comparison.diff(goldenName: golden.lastPathComponent, transcriptName: "\(path) (this run)")
    return Pending(path: path, golden: golden, diff: diff, updatedGolden: comparison.updatedGolden)
  }

  /// Asks about each pending scenario in turn, then prints what was written.
  private func walk(_ pending: [Pending]) -> Bool {
    let output = scripts.output
    let reader = KeyReader()
    var written: [String] = []
    var rejected = 0
    var acceptsAll = false
    for (index, item) in pending.enumerated() {
      output.write("[\(index + 1)/\(pending.count)] \(item.path)")
      output.write(TerminalOutput.diffLines(item.diff))
      var key: Character = "A"
      if !acceptsAll {
        output.writePrompt("accept (a), reject (r), skip (s), accept all the rest (A), quit (q)? ")
        key = reader.readKey(among: ["a", "r", "s", "A", "q"]) ?? "q"
        output.write(String(key))
      }
      switch key {
      case "a", "A":
        acceptsAll = acceptsAll || key == "A"
        if accept(item) { written.append(item.golden.path) }
      case "r":
        rejected += 1
        Self.removeStaleNew(forScript: item.path, scripts: scripts)
      case "s":
        continue
      default:
        break
      }
      if key == "q" { break }
    }
    for path in written { output.write("wrote \(path)") }
    let skipped = pending.count - written.count - rejected
    output.write("review: \(written.count) accepted, \(rejected) rejected, \(skipped) skipped")
    return written.count == pending.count
  }

  /// Removes the `.golden.new` of `script`; one that stays is said on an error line.
  private static func removeStaleNew(forScript script: String, scripts: ScriptMode) {
    for failure in scripts.goldenFiles.removeNew(forScript: script).failures { scripts.output.writeError(failure) }
  }

  /// Writes the golden and removes its `.golden.new`; false (and an error line) when it cannot.
  private func accept(_ item: Pending) -> Bool {
    do {
      try item.updatedGolden.write(to: item.golden, atomically: true, encoding: .utf8)
      Self.removeStaleNew(forScript: item.path, scripts: scripts)
      return true
    } catch {
      scripts.output.writeError("\(item.path): cannot write \(item.golden.path): \(error.localizedDescription)")
      return false
    }
  }
}
