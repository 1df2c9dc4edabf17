/// `history [--full]`: lists the actions dispatched so far.
struct HistoryCommand: ShellCommand {
  static let description = CommandDescription(
    name: "history", usage: "history [--full]",
    summary: "lists the actions dispatched so far; ↳ marks those that listeners dispatched, and after undo or jump a line marks where the state is; an action longer than a line has its arguments folded to (…) as dispatches print it, and `--full` prints every action whole",
    examples: ["history", "history --full"],
    toolArguments: [.flag("full", "--full", "print every action whole instead of folding long arguments to `(…)`")])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.omitted

  /// Whether every action prints whole, its arguments never folded.
  let full: Bool

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> HistoryCommand {
    let (flags, rest) = try arguments.leadingFlags(["--full"])
    let extra = rest.text.trimmingLeadingWhitespace
    guard extra.isEmpty else {
      throw CommandError("`history` takes only `--full`; remove `\(extra.truncatedForMessage)`", column: rest.column + rest.text.count - extra.count)
    }
    return HistoryCommand(full: flags.contains("--full"))
  }

  static func completions(for request: CompletionRequest, in context: CommandContext) -> ShellCompletion {
    request.offer(request.words.count == 1 ? ["--full"] : [])
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(try context.session().historyLines(full: full))
  }
}
