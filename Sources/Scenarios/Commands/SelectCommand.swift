/// `select [--expanded] <selector>[(arguments)]`: evaluates a selector on the current state and
/// prints its output.
struct SelectCommand: ShellCommand {
  static let description = CommandDescription(
    name: "select", usage: "select [--expanded] <selector>[(arguments)]",
    summary: "evaluates a selector on the current state and prints its output; a list of records prints as a table, cut with … to fit the terminal (see `width`), and `--expanded` prints it one record per block (see `expanded`)",
    examples: [
      "select selectValue", "select selectAnimalsValues(categoryId: \"Mammal\", sort: \\.name, order: .reverse)",
      "select --expanded selectAnimalsValues(categoryId: \"Mammal\")",
    ],
    toolArguments: [
      ToolArgument("options", "`--expanded` to print a table one record per block", isRequired: false),
      ToolArgument("selector", "a selector and its arguments, e.g. `selectAnimalsValues(categoryId: \"Mammal\")`"),
    ])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.reading

  /// The selector and its arguments.
  let call: SelectorCall
  /// Whether a table prints one record per block whatever `expanded` says.
  let expanded: Bool

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> SelectCommand {
    let (flags, rest) = try arguments.leadingFlags(["--expanded"])
    return SelectCommand(call: try rest.selectorCall(), expanded: flags.contains("--expanded"))
  }

  static func completions(for request: CompletionRequest, in context: CommandContext) -> ShellCompletion {
    if request.words == ["select"], request.word.hasPrefix("-") { return request.offer(["--expanded"]) }
    return request.selector(in: context.runningSession)
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let value = try context.session().select(call)
    var layout = context.tableLayout
    if expanded { layout.expanded = .on }
    let (lines, fittedToWidth) = SelectionRenderer.render(value, layout: layout)
    var output = CommandOutput(lines)
    output.dependsOnTerminal = fittedToWidth && layout.widthIsTerminal
    return output
  }
}
