/// `quit` (or `exit`): leaves the shell.
struct QuitCommand: ShellCommand {
  static let description = CommandDescription(
    name: "quit", aliases: ["exit"], usage: "quit", summary: "leaves the shell (Ctrl-D too)", examples: ["quit"])

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> QuitCommand {
    try arguments.expectNothing()
    return QuitCommand()
  }

  func run(in shell: Shell) async throws(CommandError) -> CommandOutput {
    var output = CommandOutput([])
    output.quits = true
    return output
  }
}
