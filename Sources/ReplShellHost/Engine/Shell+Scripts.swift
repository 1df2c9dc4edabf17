import ReplShellCommands
import SessionProtocol
import StateValues

/// Scripts run in the shell, as `--script` and `source` both run them (`ScriptLines`): comments
/// and blank lines echoed as written, each command with its `file:line` location, the first
/// failure stopping the script.
extension Shell {
  /// Runs the lines of `script`, each as a line of its own; `keepsEvents` also collects their events.
  package func run(_ script: ScriptLines, keepsEvents: Bool = false) async -> ScriptLines.Outcome {
    await run(script, keepsEvents: keepsEvents, isSourced: false)
  }

  /// Runs the lines of `script` inside the `source` line that is running: what they do and what
  /// follows them are that line's events.
  package func runSourcedScript(_ script: ScriptLines) async -> ScriptLines.Outcome {
    await run(script, keepsEvents: false, isSourced: true)
  }

  private func run(_ script: ScriptLines, keepsEvents: Bool, isSourced: Bool) async -> ScriptLines.Outcome {
    var outcome = ScriptLines.Outcome()
    let lines = ScriptLines.lines(of: script.text)
    // Every line prints at least itself: room for that many from the start.
    outcome.transcript.reserveCapacity(lines.count)
    for (index, line) in lines.enumerated() {
      if ScriptLines.isCommentOrBlank(line) {
        events.emit(.comment(line))
        continue
      }
      let location = "\(script.name):\(index + 1)"
      let request = LineRequest(line, location: location, echoesCommands: true)
      let result = isSourced ? await runSourced(request) : await execute(line, location: location, echoesCommands: true)
      outcome.transcript += result.lines
      if keepsEvents { outcome.events += result.events }
      if !result.succeeded {
        outcome.failedLocation = location
        outcome.breakStop = result.breakStop
        return outcome
      }
      if result.quit { return outcome }
    }
    // Comments after the last command, and what listeners did after it.
    guard !isSourced else { return outcome }
    let trailing = LineTranscript(of: self).takeTrailingEvents()
    outcome.transcript += trailing.lines
    if keepsEvents { outcome.events += trailing.events }
    return outcome
  }
}
