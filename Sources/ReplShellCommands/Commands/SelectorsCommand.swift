import ReplShellSession
import StateValues
/// `selectors`: lists every selector with its parameters and output type.
struct SelectorsCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "selectors", usage: "selectors", group: .looking,
    synopsis: "lists the selectors with their parameters", summary: "lists every selector with its parameters and output type",
    examples: ["selectors"],
    toolArguments: [])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.omitted

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(try context.session.read(self))
  }
}

extension SelectorsCommand: SessionReader {
  /// Every selector's signature, a line each.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> [OutputLine] {
    session.checks.selectorSignatures.map { .plain($0.signature) }
  }
}
