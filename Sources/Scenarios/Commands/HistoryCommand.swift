/// `history`: lists the actions dispatched so far.
struct HistoryCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "history", usage: "history",
    summary: "lists the actions dispatched so far; ↳ marks those that listeners dispatched, and after undo or jump a line marks where the state is", examples: ["history"],
    toolArguments: [])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.omitted

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(try context.session().historyLines())
  }
}
