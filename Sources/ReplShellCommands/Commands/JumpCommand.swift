import ReplShellSession
import StateValues
/// `jump N`: sets the state to the one after history entry N; `jump 0` is the initial state.
struct JumpCommand: ShellCommand {
  static let description = CommandDescription(
    name: "jump", usage: "jump <N>", group: .timeTravel,
    synopsis: "sets the state to the one after history entry N",
    summary: "sets the state to the one after history entry N (0: the initial state); later entries stay, marked undone, until the next dispatch",
    examples: ["jump 0", "jump 3"],
    toolArguments: [ToolArgument("entry", "the number `history` shows for the entry; `0` for the initial state", kind: .number)])
  static let reach = CommandReach.appState
  static let recordingRole = RecordingRole.travel

  /// The history entry to go to.
  let entry: Int
  /// The column of the number, where errors point.
  let column: Int

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> JumpCommand {
    let word = try arguments.singleWord("number", missing: "jump needs a history entry number, e.g. `jump 0` (type `history` for the numbers)")
    guard let entry = Int(word.text), entry >= 0 else {
      throw CommandError("expected a history entry number such as `3`, found `\(word.text.truncatedForMessage)`", column: word.column)
    }
    return JumpCommand(entry: entry, column: word.column)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    guard request.words.count == 1, let count = context.runningSession?.historyCount else { return request.offer([]) }
    return request.offer((0...count).map(String.init))
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    try context.session.read(self)
    return CommandOutput([])
  }
}

extension JumpCommand: SessionReader {
  /// Moves the state to the history entry.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> Void {
    try session.travel(.jump(to: entry, column: column))
  }
}
