import ReplShellSession
import SessionProtocol
import StateValues
/// `diff`: prints what the last dispatch changed, again.
struct DiffCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "diff", usage: "diff", group: .looking,
    synopsis: "prints again what the last dispatch changed", summary: "prints what the last dispatch changed, again", examples: ["diff"],
    toolArguments: [])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.omitted

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let dispatches = try context.session.read(self)
    guard !dispatches.isEmpty else { return CommandOutput([.note("nothing dispatched yet")]) }
    return CommandOutput(TranscriptRenderer.lines(for: dispatches.map(SessionEvent.dispatched), echoesCommands: false))
  }
}

extension DiffCommand: SessionReader {
  /// The last dispatch that was not a listener's and what listeners dispatched after it.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> [DispatchEvent] {
    session.timeline.lastDispatch
  }
}
