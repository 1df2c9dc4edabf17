import StateValues
/// `attach`: leaves a fork and returns to the running app's live store.
struct AttachCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "attach", usage: "attach", group: .live,
    synopsis: "leaves the sandbox for the app's live store again",
    summary: "leaves the sandbox `fork` made, and what was done in it, and returns to the running app's live store",
    examples: ["attach"])
  static let reach = CommandReach.outsideWorld

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    try context.session.returnToLive()
    return CommandOutput([.note("back on the live store; the fork is gone")])
  }
}
