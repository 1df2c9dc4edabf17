import ReplShellSession
import StateValues
/// `hide [pattern]`: keeps the actions the app and its listeners dispatch out of what is printed.
struct HideCommand: ShellCommand {
  static let description = CommandDescription(
    name: "hide", usage: "hide [action pattern]", group: .session,
    synopsis: "keeps matching actions out of what is printed",
    summary: "keeps matching actions (heartbeats, timers) that listeners or the app dispatch out of what is printed, still reducing them; one you type still prints; `history` marks them, `debug actions on` shows them, `unhide` shows them again; alone, lists the patterns (see `help patterns`)",
    examples: ["hide {pattern}", "hide"],
    toolArguments: [ToolArgument("pattern", "an action pattern, e.g. `didTick` or `data.timer`; omit it to list the patterns", isRequired: false)])
  static let reach = CommandReach.session

  /// The pattern, or nil to list what is hidden.
  let pattern: ActionPattern?
  /// Where the pattern starts, for errors.
  let column: Int

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> HideCommand {
    let (pattern, column) = try arguments.optionalActionPattern()
    return HideCommand(pattern: pattern, column: column)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    request.offer(context.runningSession?.catalog.patternNames ?? [])
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(try context.session.read(self))
  }
}

extension HideCommand: SessionReader {
  /// Hides what the pattern matches, or lists what is hidden.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> [OutputLine] {
    try session.printer.hide(pattern, column: column)
  }
}
