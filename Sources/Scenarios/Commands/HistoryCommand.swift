/// `history`: lists the actions dispatched so far.
struct HistoryCommand: ShellCommand {
  static let description = CommandDescription(
    name: "history", usage: "history",
    summary: "lists the actions dispatched so far; ↳ marks those that listeners dispatched", examples: ["history"])

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> HistoryCommand {
    try arguments.expectNothing()
    return HistoryCommand()
  }

  func run(in shell: Shell) async throws(CommandError) -> CommandOutput {
    CommandOutput(try shell.requireSession().historyLines())
  }
}
