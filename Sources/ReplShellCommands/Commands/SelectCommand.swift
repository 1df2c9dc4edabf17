import ReplShellSession
import StateValues
/// `select [--expanded] [--json] <selector>[(arguments)]`: evaluates a selector on the current
/// state and prints its output.
struct SelectCommand: ShellCommand {
  static let description = CommandDescription(
    name: "select", usage: options.usage("select", operands: "<selector>[(arguments)]"), group: .looking,
    synopsis: "runs a selector on the state and prints its output",
    summary: "evaluates a selector on the current state and prints its output; a list of records prints as a table, cut with … to fit the terminal (see `width`), and `--expanded` prints it one record per block (see `expanded`); `--json` prints the output as JSON",
    examples: ["select {selector}", "select {selectorCall}", "select --expanded {selector}", "select --json {selector}"],
    toolArguments: options.toolArguments + [
      ToolArgument("selector", "a selector and its labelled arguments, as Swift writes a call; the `selectors` tool lists them"),
    ])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.reading

  /// The selector and its arguments.
  let call: SelectorCall
  /// Whether a table prints one record per block whatever `expanded` says.
  let expanded: Bool
  /// Whether the output prints as JSON.
  var asJSON = false

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> SelectCommand {
    let parsed = try options.parse(arguments)
    return SelectCommand(call: try parsed.rest.selectorCall(), expanded: parsed.isSet(Option.expanded), asJSON: parsed.isSet(Option.json))
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    options.completion(for: request) { _ in request.selector(in: context.runningSession) }
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let value = try context.session.read(self)
    if asJSON { return CommandOutput(value: value, asJSON: true) }
    var layout = context.output.tableLayout
    if expanded { layout.expanded = .on }
    let (lines, fittedToWidth) = SelectionRenderer.render(value, layout: layout)
    var output = CommandOutput(lines)
    output.value = value
    output.dependsOnTerminal = fittedToWidth && layout.widthIsTerminal
    return output
  }
}

extension SelectCommand {
  /// The options `select` takes.
  static let options = CommandOptions([Option.expanded, Option.json])

  /// Each option of `select`.
  enum Option {
    static let expanded = CommandOption("--expanded", tool: "expanded", "print a table one record per block")
    static let json = CommandOption("--json", tool: "json", "print the output as JSON (the result's structured content carries it either way)")
  }
}

extension SelectCommand: SessionReader {
  /// The selector's output on the current state.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> Value {
    try session.checks.select(call)
  }
}
