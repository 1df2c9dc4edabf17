/// `settle`: waits until listeners have finished every side effect.
struct SettleCommand: ShellCommand {
  static let description = CommandDescription(
    name: "settle", usage: "settle",
    summary: "waits until listeners have finished every side effect (dispatch already does this)", examples: ["settle"])

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> SettleCommand {
    try arguments.expectNothing()
    return SettleCommand()
  }

  func run(in shell: Shell) async throws(CommandError) -> CommandOutput {
    try await shell.requireSession().settle()
    return CommandOutput(shell.buffer.drain() + [.note("settled")])
  }
}
