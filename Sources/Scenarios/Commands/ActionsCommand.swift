/// `actions [filter]`: lists every action case path with its parameters.
struct ActionsCommand: ShellCommand {
  static let description = CommandDescription(
    name: "actions", usage: "actions [filter]", summary: "lists every action case path with its parameters",
    examples: ["actions", "actions delete"],
    toolArguments: [ToolArgument("filter", "only the action cases whose signature contains this text", isRequired: false)])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.omitted

  /// Text the listed signatures must contain, ignoring case; nil lists all.
  let filter: String?

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> ActionsCommand {
    ActionsCommand(filter: arguments.trimmed)
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let cases = try context.session().catalog.cases.filter { filter == nil || $0.signature.localizedCaseInsensitiveContains(filter ?? "") }
    if cases.isEmpty {
      throw CommandError("no action matches `\((filter ?? "").truncatedForMessage)`; type `actions` for all of them")
    }
    return CommandOutput(cases.map { .plain($0.signature) })
  }
}
