import StateValues
/// `fork`: in a shell attached to a running app, copies the live state into a local sandbox session.
struct ForkCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "fork", usage: "fork", group: .live,
    synopsis: "copies the attached app's state into a local sandbox",
    summary: "in a shell attached to a running app, copies the live state into a local sandbox session on the same domain, without listeners: dispatch, undo and jump there leave the app alone; `attach` returns",
    examples: ["fork"])
  static let reach = CommandReach.session

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    try context.session.fork()
    return CommandOutput([.note("forked the live state into a sandbox: no listeners run, and the app is not touched; `attach` returns to it")])
  }
}
