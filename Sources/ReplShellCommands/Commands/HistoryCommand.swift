import ReplShellSession
import StateValues
/// `history [--full] [--tree] [--changed <path>]`: lists the actions dispatched so far.
struct HistoryCommand: ShellCommand {
  static let description = CommandDescription(
    name: "history", usage: options.usage("history"), group: .looking,
    synopsis: "lists the actions dispatched so far",
    summary: "lists the actions dispatched so far; ↳ marks those that listeners dispatched, and after undo or jump a line marks where the state is; an action longer than a line has its arguments folded to (…) as dispatches print it, and `--full` prints every action whole; `--tree` nests each action under the one whose listener dispatched it, beside the line that started them (`← line 3`); `--changed <path>` lists only those that changed a path (with `--tree`, under their causes, marked `(cause only)` where they changed nothing there)",
    examples: ["history", "history --full", "history --tree", "history --changed {path}", "history --tree --changed {path}"],
    toolArguments: options.toolArguments)
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.omitted

  /// Whether every action prints whole, its arguments never folded.
  let full: Bool
  /// Whether actions are shown as a tree of causes.
  let tree: Bool
  /// Only the entries that changed the value at this path, when given.
  let changed: StatePath?
  /// The column of the path, where errors point.
  let column: Int

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> HistoryCommand {
    let parsed = try options.parse(arguments)
    let rest = parsed.rest
    let (full, tree) = (parsed.isSet(Option.full), parsed.isSet(Option.tree))
    let extra = rest.text.trimmingLeadingWhitespace
    let column = rest.column + rest.text.count - extra.count
    guard parsed.isSet(Option.changed) else {
      guard extra.isEmpty else {
        throw CommandError("`history` takes only \(options.listing); remove `\(extra.truncatedForMessage)`", column: column)
      }
      return HistoryCommand(full: full, tree: tree, changed: nil, column: column)
    }
    var pathText = rest
    // A tool writes the path as one shell word, in single quotes when it holds a `"`.
    if extra.hasPrefix("'") {
      let word = try rest.singleWord("path", missing: "--changed needs a path into the state")
      pathText = CommandArguments(word: rest.word, text: word.text, column: word.column + 1)
    }
    var parser = try pathText.valueParser()
    guard !parser.atEnd else {
      throw CommandError("`--changed` needs a path into the state: `history --changed animals.data[\"Cat\"].name`", column: column)
    }
    let pathColumn = parser.column
    let path = try parser.parseStatePath()
    try parser.expectEnd()
    return HistoryCommand(full: full, tree: tree, changed: path, column: pathColumn)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    // Without `--changed` there is no operand: Tab offers the options not typed yet.
    guard request.words.contains(Option.changed.name) else { return options.completion(for: request) }
    return options.completion(for: request) { _ in request.statePath(skipping: options.names, in: context) }
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(try context.session.read(self))
  }
}

extension HistoryCommand {
  /// The options `history` takes.
  static let options = CommandOptions([Option.full, Option.tree, Option.changed])

  /// Each option of `history`.
  enum Option {
    static let full = CommandOption("--full", tool: "full", "print every action whole instead of folding long arguments to `(…)`")
    static let tree = CommandOption(
      "--tree", tool: "tree", "indent each action under the action whose listener dispatched it, and show the line that caused each top-level action")
    static let changed = CommandOption(
      "--changed", .operandFlag, placeholder: "<path>", tool: "changed",
      "list only the actions that changed the value at this path into the state, as `state` takes it: `animals.data[\"Cat\"].name`")
  }
}

extension HistoryCommand: SessionReader {
  /// The history's lines as the flags ask.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> [OutputLine] {
    try session.whyIndex.historyLines(full: full, tree: tree, changed: changed, column: column)
  }
}
