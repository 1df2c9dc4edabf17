/// `unwatch [selector]`: stops watching one selector, or all of them.
struct UnwatchCommand: ShellCommand {
  static let description = CommandDescription(
    name: "unwatch", usage: "unwatch [selector]", summary: "stops watching one selector, or all of them",
    examples: ["unwatch", "unwatch selectValue"])

  /// The selector's name or call as watched; nil for all of them.
  let name: String?

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> UnwatchCommand {
    UnwatchCommand(name: arguments.trimmed)
  }

  static func completions(for request: CompletionRequest, in shell: Shell) -> ShellCompletion {
    request.selector(in: shell.session)
  }

  func run(in shell: Shell) async throws(CommandError) -> CommandOutput {
    CommandOutput(try shell.requireSession().unwatch(name))
  }
}
