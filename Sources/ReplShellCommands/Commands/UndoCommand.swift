import ReplShellSession
import StateValues
/// `undo`: takes back the last `dispatch` and every action its listeners dispatched because of it.
struct UndoCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "undo", usage: "undo", group: .timeTravel,
    synopsis: "takes back the last dispatch (the state only)",
    summary: "takes back the last dispatch with what its listeners dispatched: the state only, side effects stay done",
    examples: ["undo"],
    toolArguments: [])
  static let reach = CommandReach.appState
  static let recordingRole = RecordingRole.travel

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    try context.session.read(self)
    return CommandOutput([])
  }
}

extension UndoCommand: SessionReader {
  /// Takes back the last dispatch that was not a listener's.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> Void {
    try session.travel(.undo)
  }
}
