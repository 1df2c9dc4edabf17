/// `diff`: prints what the last dispatch changed, again.
struct DiffCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "diff", usage: "diff", summary: "prints what the last dispatch changed, again", examples: ["diff"],
    toolArguments: [])
  static let recordingRole = RecordingRole.omitted

  func run(in shell: Shell) async throws(CommandError) -> CommandOutput {
    let lines = try shell.requireSession().lastDispatchLines
    return CommandOutput(lines.isEmpty ? [.note("nothing dispatched yet")] : lines)
  }
}
