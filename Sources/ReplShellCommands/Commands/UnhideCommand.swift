import ReplShellSession
import StateValues
/// `unhide [pattern]`: shows what `hide` kept out again, one pattern or all.
struct UnhideCommand: ShellCommand {
  static let description = CommandDescription(
    name: "unhide", usage: "unhide [action pattern]", group: .session,
    synopsis: "prints hidden actions again",
    summary: "shows again the actions a `hide` pattern kept out of what is printed; alone, drops every pattern",
    examples: ["unhide {pattern}", "unhide"],
    toolArguments: [ToolArgument("pattern", "a pattern `hide` was given; omit it to drop them all", isRequired: false)])
  static let reach = CommandReach.session

  /// The pattern to drop, or nil for all.
  let pattern: ActionPattern?
  /// Where the pattern starts, for errors.
  let column: Int

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> UnhideCommand {
    let (pattern, column) = try arguments.optionalActionPattern()
    return UnhideCommand(pattern: pattern, column: column)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    request.offer(context.runningSession?.hiddenActions.patterns.map(\.description) ?? [])
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(try context.session.read(self))
  }
}

extension UnhideCommand: SessionReader {
  /// Shows what the pattern hid again, or everything hidden.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> [OutputLine] {
    try session.printer.unhide(pattern, column: column)
  }
}
