import ReplShellSession
import StateValues
/// `quit` (or `exit`): leaves the shell.
struct QuitCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "quit", aliases: ["exit"], usage: "quit", group: .session,
    synopsis: "leaves the shell (Ctrl-D too)", summary: "leaves the shell (Ctrl-D too)", examples: ["quit"])
  static let reach = CommandReach.session
  static let recordingRole = RecordingRole.omitted

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    var output = CommandOutput([])
    output.quits = true
    return output
  }
}
