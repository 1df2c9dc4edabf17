import Foundation
import Scenarios

/// Runs scenario scripts: prints transcripts, or checks or updates their goldens.
@MainActor struct ScriptMode {
  enum Mode { case print, check, update }

  let domains: [Domain]
  let output: TerminalOutput
  let debugCategories: [String]

  /// Runs every script; true when all succeeded (and, with `.check`, matched their goldens).
  func run(scripts: [String], mode: Mode) async -> Bool {
    var allSucceeded = true
    for path in scripts {
      let url = URL(fileURLWithPath: path)
      let prelude = debugCategories.map { "debug \($0) on" }
      let outcome = await ScriptRunner(domains: domains).run(url, displayPath: path, prelude: prelude)
      switch mode {
      case .print:
        output.write(outcome.transcript)
      case .check:
        let golden = ScriptRunner.goldenURL(for: url)
        guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
          output.writeError("\(path): no golden at \(golden.path); review the transcript, then run with --update to create it")
          allSucceeded = false
          continue
        }
        let diff = UnifiedDiff.make(old: expected, new: outcome.text, oldName: golden.lastPathComponent, newName: "\(path) (this run)")
        if diff.isEmpty {
          output.write("ok: \(path) matches \(golden.lastPathComponent)")
        } else {
          output.write(diff)
          output.writeError("mismatch: \(path) differs from \(golden.lastPathComponent); review the diff, then run with --update to accept it")
          allSucceeded = false
        }
      case .update:
        let golden = ScriptRunner.goldenURL(for: url)
        do {
          try outcome.text.write(to: golden, atomically: true, encoding: .utf8)
          output.write("wrote \(golden.path)")
        } catch {
          output.writeError("\(path): cannot write \(golden.path): \(error.localizedDescription)")
          allSucceeded = false
        }
      }
      if !outcome.succeeded {
        if mode != .print, let last = outcome.transcript.last(where: { $0.kind == .error }) {
          output.writeError(last.text)
        }
        allSucceeded = false
      }
    }
    return allSucceeded
  }
}
