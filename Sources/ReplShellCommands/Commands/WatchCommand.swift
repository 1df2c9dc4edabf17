import ReplShellSession
import StateValues
/// `watch <selector>[(arguments)]`: prints a selector's output whenever a dispatch changes it.
struct WatchCommand: SelectorCallCommand {
  static let description = CommandDescription(
    name: "watch", usage: "watch <selector>[(arguments)]", group: .looking,
    synopsis: "prints a selector's output whenever it changes",
    summary: "re-evaluates a selector after each dispatch (skipping actions its filter rejects) and prints its output when it changes",
    examples: ["watch {selector}"],
    toolArguments: [ToolArgument("selector", "a selector and its labelled arguments; its output is printed with every dispatch that changes it")])
  static let reach = CommandReach.session

  /// The selector and its arguments.
  let call: SelectorCall

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(try context.session.read(self))
  }
}

extension WatchCommand: SessionReader {
  /// Starts watching the selector.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> [OutputLine] {
    try session.checks.changeWatches(.add(call))
  }
}
