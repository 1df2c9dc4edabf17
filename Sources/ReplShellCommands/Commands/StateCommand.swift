import ReplShellSession
import StateValues
/// `state [--json] [path]`: prints the whole state, or the part at a path.
struct StateCommand: ShellCommand {
  static let description = CommandDescription(
    name: "state", usage: options.usage("state", operands: "[path]"), group: .looking,
    synopsis: "prints the state, or the part at a path",
    summary: "prints the whole state, or the part at a path (`help paths`: labels, quoted keys, indices); `--json` prints it as JSON",
    examples: ["state", "state {path}", "state --json {path}"],
    toolArguments: options.toolArguments + [
      ToolArgument(
        "path", "a path into the state: labels after `.`, keys that are not names quoted in brackets (`data[\"a key\"]`), indices in brackets (`items[0]`); omit it for the whole state",
        isRequired: false)
    ])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.reading

  /// The labels, keys and indices to walk; empty for the whole state.
  let path: StatePath
  /// Whether to print the value as JSON.
  let asJSON: Bool
  /// The column of the path, where errors point.
  let column: Int

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> StateCommand {
    let parsed = try options.parse(arguments)
    let rest = parsed.rest
    let asJSON = parsed.isSet(Option.json)
    var parser = try rest.valueParser()
    if parser.atEnd { return StateCommand(path: StatePath(), asJSON: asJSON, column: rest.column) }
    let column = parser.column
    let path = try parser.parseStatePath()
    try parser.expectEnd()
    return StateCommand(path: path, asJSON: asJSON, column: column)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    options.completion(for: request) { _ in request.statePath(skipping: options.names, in: context) }
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let value = try context.session.read(self)
    return CommandOutput(value: value, asJSON: asJSON)
  }
}

extension StateCommand {
  /// The options `state` takes.
  static let options = CommandOptions([Option.json])

  /// Each option of `state`.
  enum Option {
    static let json = CommandOption("--json", tool: "json", "print the value as JSON (the result's structured content carries it either way)")
  }
}

extension StateCommand: SessionReader {
  /// The part of the state at the path.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> Value {
    try session.state(at: path, column: column)
  }
}
