import ReplShellSession
import StateValues
/// `actions [pattern]`: lists the action cases a pattern matches, or all, with their parameters.
struct ActionsCommand: ShellCommand {
  static let description = CommandDescription(
    name: "actions", usage: "actions [action pattern]", group: .driving,
    synopsis: "lists the actions, or those a pattern matches",
    summary: "lists every action case path with its parameters; with a pattern (see `help patterns`), the cases it matches",
    examples: ["actions", "actions {pattern}"],
    toolArguments: [ToolArgument("pattern", "an action pattern: case names in a row, the last one or its start (`ui.list`, `onTap`); omit it for all", isRequired: false)])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.omitted

  /// The cases to list; nil lists all.
  let pattern: ActionPattern?
  /// Where the pattern starts, for errors.
  let column: Int

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> ActionsCommand {
    let (pattern, column) = try arguments.optionalActionPattern()
    return ActionsCommand(pattern: pattern, column: column)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    request.offer(context.runningSession?.catalog.patternNames ?? [])
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(try context.session.read(self))
  }
}

extension ActionsCommand: SessionReader {
  /// The action cases the pattern matches, or all, a line each.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> [OutputLine] {
    let catalog = session.printer.catalog
    let cases = try pattern.map { pattern throws(CommandError) in try catalog.cases(matching: pattern, column: column) } ?? catalog.cases
    return cases.map { .plain($0.signature) }
  }
}
