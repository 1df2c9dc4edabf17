/// `select <selector>[(arguments)]`: evaluates a selector on the current state and prints its output.
struct SelectCommand: SelectorCallCommand {
  static let description = CommandDescription(
    name: "select", usage: "select <selector>[(arguments)]",
    summary: "evaluates a selector on the current state and prints its output",
    examples: ["select {selector}", "select {selectorCall}"],
    toolArguments: [ToolArgument("selector", "a selector and its labelled arguments, as Swift writes a call; the `selectors` tool lists them")])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.reading

  /// The selector and its arguments.
  let call: SelectorCall

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(try context.session().select(call))
  }
}
