import ReplShellSession
import StateValues
/// `why [--all] <path>`: which action last changed the value at a path, and what caused it.
struct WhyCommand: ShellCommand {
  static let description = CommandDescription(
    name: "why", usage: options.usage("why", operands: "<path>"), group: .looking,
    synopsis: "says which action last changed a value, and what caused it",
    summary: "prints the action that last changed the value at a path (`help paths`), the value before and after, and what caused it, back to the line typed or the script's `file:line`; `--all` lists every change, oldest first",
    examples: ["why {path}", "why --all {path}"],
    toolArguments: options.toolArguments + [
      ToolArgument(
        "path", "a path into the state, as `state` takes it: labels after `.`, keys that are not names quoted in brackets (`data[\"a key\"]`), indices in brackets (`items[0]`)"),
    ])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.reading

  /// The path whose changes to explain.
  let path: StatePath
  /// Whether to list every change, not just the last.
  let all: Bool
  /// The column of the path, where errors point.
  let column: Int

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> WhyCommand {
    let parsed = try options.parse(arguments)
    var rest = parsed.rest
    var all = parsed.isSet(Option.all)
    // `why <path> --all` reads as well as `why --all <path>`.
    let trimmed = rest.text.trimmingTrailingWhitespace
    if trimmed.hasSuffix(" " + Option.all.name) || trimmed == Option.all.name {
      all = true
      rest = CommandArguments(word: rest.word, text: String(trimmed.dropLast(Option.all.name.count)), column: rest.column)
    }
    var parser = try rest.valueParser()
    guard !parser.atEnd else {
      throw CommandError("why needs a path into the state: `why animals.data[\"Cat\"].name`; press Tab to complete one", column: rest.column)
    }
    let column = parser.column
    let path = try parser.parseStatePath()
    try parser.expectEnd()
    return WhyCommand(path: path, all: all, column: column)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    options.completion(for: request) { _ in request.statePath(skipping: options.names, in: context) }
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(try context.session.read(self))
  }
}

extension WhyCommand {
  /// The options `why` takes.
  static let options = CommandOptions([Option.all])

  /// Each option of `why`.
  enum Option {
    static let all = CommandOption("--all", tool: "all", "list every change of the path, oldest first, instead of the last one")
  }
}

extension WhyCommand: SessionReader {
  /// The changes of the value at the path and their causes.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> [OutputLine] {
    try session.whyIndex.why(path, all: all, column: column)
  }
}
