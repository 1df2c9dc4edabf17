/// `settle`: waits until listeners have finished every side effect.
struct SettleCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "settle", usage: "settle", group: .exploring,
    synopsis: "waits until the listeners finish their side effects",
    summary: "waits until listeners have finished every side effect (dispatch already does this)", examples: ["settle"],
    toolArguments: [])
  static let reach = CommandReach.appState

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    // What listeners do while it waits are the session's events, and so is `settled`.
    try await context.session().settle(requested: true)
    return CommandOutput([])
  }
}
