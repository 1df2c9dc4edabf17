/// `watch <selector>[(arguments)]`: prints a selector's output whenever a dispatch changes it.
struct WatchCommand: ShellCommand {
  static let description = CommandDescription(
    name: "watch", usage: "watch <selector>[(arguments)]",
    summary: "re-evaluates a selector after each dispatch (skipping actions its filter rejects) and prints its output when it changes",
    examples: ["watch selectValue"])

  /// The selector and its arguments.
  let call: SelectorCall

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> WatchCommand {
    WatchCommand(call: try arguments.selectorCall())
  }

  static func completions(for request: CompletionRequest, in shell: Shell) -> ShellCompletion {
    request.selector(in: shell.session)
  }

  func run(in shell: Shell) async throws(CommandError) -> CommandOutput {
    CommandOutput(try shell.requireSession().watch(call))
  }
}
