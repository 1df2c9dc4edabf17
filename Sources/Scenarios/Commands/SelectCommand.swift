/// `select <selector>[(arguments)]`: evaluates a selector on the current state and prints its output.
struct SelectCommand: ShellCommand {
  static let description = CommandDescription(
    name: "select", usage: "select <selector>[(arguments)]",
    summary: "evaluates a selector on the current state and prints its output",
    examples: ["select selectValue", "select selectAnimalsValues(categoryId: \"Mammal\", sort: \\.name, order: .reverse)"])

  /// The selector and its arguments.
  let call: SelectorCall

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> SelectCommand {
    SelectCommand(call: try arguments.selectorCall())
  }

  static func completions(for request: CompletionRequest, in shell: Shell) -> ShellCompletion {
    request.selector(in: shell.session)
  }

  func run(in shell: Shell) async throws(CommandError) -> CommandOutput {
    CommandOutput(try shell.requireSession().select(call))
  }
}
