/// `settle`: waits until listeners have finished every side effect.
struct SettleCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "settle", usage: "settle",
    summary: "waits until listeners have finished every side effect (dispatch already does this)", examples: ["settle"],
    toolArguments: [])

  func run(in shell: Shell) async throws(CommandError) -> CommandOutput {
    try await shell.requireSession().settle()
    // Everything settle prints arrived from listeners while it waited.
    return CommandOutput(shell.buffer.drain() + [.note("settled")])
  }
}
