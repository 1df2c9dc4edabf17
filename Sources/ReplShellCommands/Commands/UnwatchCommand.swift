import ReplShellSession
import StateValues
/// `unwatch [selector]`: stops watching one selector, or all of them.
struct UnwatchCommand: ShellCommand {
  static let description = CommandDescription(
    name: "unwatch", usage: "unwatch [selector]", group: .looking,
    synopsis: "stops watching one selector, or all", summary: "stops watching one selector, or all of them",
    examples: ["unwatch", "unwatch {selector}"],
    toolArguments: [ToolArgument("selector", "the selector to stop watching; omit it to stop them all", isRequired: false)])
  static let reach = CommandReach.session

  /// The selector's name or call as watched; nil for all of them.
  let name: String?

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> UnwatchCommand {
    UnwatchCommand(name: arguments.trimmed)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    request.selector(in: context.runningSession)
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(try context.session.read(self))
  }
}

extension UnwatchCommand: SessionReader {
  /// Stops watching the selector, or all.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> [OutputLine] {
    try session.checks.changeWatches(.remove(name))
  }
}
