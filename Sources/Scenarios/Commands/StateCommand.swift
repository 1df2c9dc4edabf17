/// `state [path]`: prints the whole state, or the part at a dotted path.
struct StateCommand: ShellCommand {
  static let description = CommandDescription(
    name: "state", usage: "state [path]",
    summary: "prints the whole state, or the part at a dotted path of labels and keys", examples: ["state", "state animals.data"],
    toolArguments: [ToolArgument("path", "a dotted path into the state, e.g. `animals.data`; omit it for the whole state", isRequired: false)])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.reading

  /// The labels and keys to walk; empty for the whole state.
  let path: [String]
  /// The column of the path, where errors point.
  let column: Int

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> StateCommand {
    var parser = try arguments.valueParser()
    if parser.atEnd { return StateCommand(path: [], column: arguments.column) }
    let column = parser.column
    let path = try parser.parseDottedPath()
    try parser.expectEnd()
    return StateCommand(path: path, column: column)
  }

  static func completions(for request: CompletionRequest, in context: CommandContext) -> ShellCompletion {
    request.offer(context.runningSession?.statePaths(matching: request.word) ?? [])
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(try context.session().state(at: path, column: column))
  }
}
