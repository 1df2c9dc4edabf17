import ReplShellSession
import StateValues
/// `redo`: moves forward again over what `undo` or `jump` took back, dispatching nothing.
struct RedoCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "redo", usage: "redo", group: .timeTravel,
    synopsis: "moves forward again over an undone dispatch",
    summary: "moves forward again over the next undone dispatch, dispatching nothing (a new dispatch drops what was undone)",
    examples: ["redo"],
    toolArguments: [])
  static let reach = CommandReach.appState
  static let recordingRole = RecordingRole.travel

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    try context.session.read(self)
    return CommandOutput([])
  }
}

extension RedoCommand: SessionReader {
  /// Moves forward over the next undone dispatch.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> Void {
    try session.travel(.redo)
  }
}
