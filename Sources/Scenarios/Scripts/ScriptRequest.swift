import ReplShellCommands
import ReplShellHost
import ReplShellSession
/// A whole script, run in one turn: nothing another front end sends runs between its lines.
/// `prelude` lines run first without being echoed (the `--debug` flags).
struct ScriptRequest: SessionRequest {
  /// The script's text.
  let text: String
  /// How its lines' locations name it.
  let name: String
  /// Lines run before the script, not echoed.
  let prelude: [String]
  /// Whether the outcome carries the events as well as the transcript.
  let keepsEvents: Bool

  func perform(in shell: Shell) async -> ScriptRunner.Outcome {
    for command in prelude {
      let result = await shell.execute(command)
      if !result.succeeded {
        return ScriptRunner.Outcome(transcript: result.lines, events: keepsEvents ? result.events : [], succeeded: false)
      }
    }
    let lines = await shell.run(ScriptLines(text: text, name: name), keepsEvents: keepsEvents)
    return ScriptRunner.Outcome(transcript: lines.transcript, events: lines.events, succeeded: lines.failedLocation == nil)
  }
}
