import Foundation
import ReplShellCommands
import ReplShellDomain
import ReplShellHost
import ReplShellSession
import Scenarios

/// `--replay FILE --shrink PROPERTY`: opens a recording — a `--format json` transcript, an app's
/// flight-recorder log, or a scenario script (`.txt`) run up to the line that fails — and runs
/// `shrink` on it once, printing its progress on a terminal and the shrunk sequence, then exits.
/// `--shrink golden` runs `shrink golden FILE.txt` on the script instead, against its golden.
/// `--replay FILE --against REV` opens the recording the same way and runs
/// `explore --against REV --history` on it instead of `shrink`.
@MainActor struct ShrinkMode {
  let domains: [Domain]
  let path: String
  /// The property as `shrink` takes it; empty for the failing `expect` of a script, or the
  /// session's invariants and breakpoints.
  let property: String
  let savePath: String?
  let swiftPath: String?
  let force: Bool
  /// `--against REV`: compare the recording with REV's reducer instead of shrinking it.
  var againstRevision: String? = nil
  let output: TerminalOutput

  /// Runs it: true when the property holds (there was nothing to shrink), false when it is broken
  /// (the shrunk sequence is printed) or the recording cannot be read. Ctrl-C, from the start on,
  /// cancels the work instead of ending the process: the search then answers with what shrank so
  /// far (saved with `--save`), as `shrink` does at the prompt.
  func run() async -> Bool {
    let work = Task { @MainActor in await shrink() }
    return await Interrupt.caught(onInterrupt: { work.cancel() }) { await work.value }
  }

  private func shrink() async -> Bool {
    let shell = Shell(domains: domains, isScript: false, baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    defer { Task { await shell.close() } }
    let host = SessionHost(shell: shell)
    let progress = ProgressLine(enabled: isatty(STDERR_FILENO) == 1)
    shell.progress.work = { report in
      if let report { progress.show(report.text) } else { progress.clear() }
    }
    var property = self.property
    do {
      if againstRevision == nil, property.trimmingCharacters(in: .whitespaces) == "golden" {
        // The script runs afresh for each try: nothing to load into this shell.
        guard path.hasSuffix(".txt") else {
          output.writeError("error: --shrink golden shrinks a scenario script against its golden: give the script (`.txt`) with --replay")
          return false
        }
        property = "golden \"\(path)\""
      } else if path.hasSuffix(".txt") {
        let loaded = try await host.submit(LoadScriptRequest(contentsOf: URL(fileURLWithPath: path), name: path)).get()
        if property.isEmpty, let failed = loaded.failedLine, failed.hasPrefix("expect ") { property = failed }
        output.writeError("loaded \(path) up to \(loaded.failedLine.map { "the line that fails, `\($0)`" } ?? "its end")")
      } else {
        let replayed = try await shell.replay(contentsOf: URL(fileURLWithPath: path), name: path)
        for line in replayed.lines { output.writeError(line.text) }
        if let mismatch = replayed.mismatch { output.writeError("error: \(mismatch.message)") }
      }
    } catch {
      output.writeError("error: \(error.message)")
      return false
    }
    if let againstRevision {
      let result = await host.run("explore --against \(ShellWords.quoted(againstRevision) ?? againstRevision) --history")
      output.write(result.lines)
      return result.succeeded
    }
    var line = "shrink"
    if let savePath { line += " --save \(savePath)" }
    if let swiftPath { line += " --swift \(swiftPath)" }
    if force { line += " --force" }
    if !property.isEmpty { line += " " + property }
    let result = await host.run(line)
    output.write(result.lines)
    return result.succeeded
  }
}
