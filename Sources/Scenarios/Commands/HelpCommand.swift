/// `help [command]`: lists the commands, or explains one with examples.
struct HelpCommand: ShellCommand {
  static let description = CommandDescription(
    name: "help", aliases: ["?"], usage: "help [command|topic]",
    summary: "lists the commands, or explains one with examples; topics: paths, patterns, predicates, values",
    examples: ["help dispatch", "help paths"])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.omitted

  /// The command to explain; nil lists them all.
  let topic: String?

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> HelpCommand {
    HelpCommand(topic: arguments.trimmed)
  }

  static func completions(for request: CompletionRequest, in context: CommandContext) -> ShellCompletion {
    request.offer(request.words.count == 1 ? CommandRegistry.names + HelpTopic.all.map(\.name) : [])
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let descriptions = CommandRegistry.commands.map { $0.description }
    guard let topic else {
      let width = descriptions.map(\.usage.count).max() ?? 0
      var lines = descriptions.map {
        OutputLine(.plain, $0.usage + String(repeating: " ", count: width - $0.usage.count) + "  " + $0.summary, hangingIndent: width + 2)
      }
      lines.append(.plain(""))
      lines.append(OutputLine(.plain, "Actions and values are written as in Swift: strings in double quotes, enum cases as .name, structs as Type(label: value).", hangingIndent: 0))
      lines.append(OutputLine(.plain, "Type `help <command>` for examples, `help paths`, `help patterns`, `help predicates` or `help values` for what several commands read; Tab completes commands, actions, labels, enum values, selectors, paths and domains.", hangingIndent: 0))
      return CommandOutput(lines)
    }
    if let helpTopic = HelpTopic.named(topic) {
      let names = context.exampleNames(for: helpTopic.examples)
      return CommandOutput(
        [.plain("\(helpTopic.name): \(helpTopic.summary)")] + helpTopic.lines.map { OutputLine(.plain, $0, hangingIndent: 0) }
          + helpTopic.examples.compactMap(names.render).map { .plain("  example: \($0)") })
    }
    guard let command = CommandRegistry.commands.first(where: { $0.description.name == topic }) else {
      let suggestions = Suggestions.closest(to: topic, among: CommandRegistry.names + HelpTopic.all.map(\.name))
      let hint = suggestions.isEmpty ? "" : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))? "
      throw CommandError("no command `\(topic.truncatedForMessage)`: \(hint)type `help` for the list")
    }
    let match = command.description
    let names = context.exampleNames(for: match.examples)
    return CommandOutput(
      [.plain("usage: \(match.usage)"), OutputLine(.plain, match.summary, hangingIndent: 0),
       OutputLine(.plain, "touches: \(command.reach.phrase)", hangingIndent: 9)]
        + match.examples.compactMap(names.render).map { .plain("  example: \($0)") })
  }
}
