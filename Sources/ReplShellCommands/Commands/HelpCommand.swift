import ReplShellSession
import StateValues
/// `help [command]`: lists the commands by group, a line each, or explains one with examples.
struct HelpCommand: ShellCommand {
  static let description = CommandDescription(
    name: "help", aliases: ["?"], usage: "help [command|topic]", group: .session,
    synopsis: "lists the commands, or explains one: `help dispatch`",
    summary: "lists the commands, or explains one with examples; topics: paths, patterns, predicates, values",
    examples: ["help dispatch", "help paths"])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.omitted

  /// The command to explain; nil lists them all.
  let topic: String?

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> HelpCommand {
    HelpCommand(topic: arguments.trimmed)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    request.offer(request.words.count == 1 ? context.commands.names + HelpTopic.all.map(\.name) : [])
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    guard let topic else {
      return CommandOutput(Self.groupedList(context.commands.descriptions))
    }
    if let helpTopic = HelpTopic.named(topic) {
      let names = context.session.exampleNames(for: helpTopic.examples)
      return CommandOutput(
        [.plain("\(helpTopic.name): \(helpTopic.summary)")] + helpTopic.lines.map { OutputLine(.plain, $0, hangingIndent: 0) }
          + helpTopic.examples.compactMap(names.render).map { .plain("  example: \($0)") })
    }
    guard let command = context.commands.commands.first(where: { $0.description.name == topic }) else {
      let suggestions = Suggestions.closest(to: topic, among: context.commands.names + HelpTopic.all.map(\.name))
      let hint = suggestions.isEmpty ? "" : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))? "
      throw CommandError("no command `\(topic.truncatedForMessage)`: \(hint)type `help` for the list")
    }
    let match = command.description
    let names = context.session.exampleNames(for: match.examples)
    return CommandOutput(
      [.plain("usage: \(match.usage)"), OutputLine(.plain, match.summary, hangingIndent: 0),
       OutputLine(.plain, "touches: \(command.reach.phrase)", hangingIndent: 9)]
        + match.examples.compactMap(names.render).map { .plain("  example: \($0)") })
  }
}

extension HelpCommand {
  /// The widest line `help`'s list may print: a terminal's classic width.
  static let listWidth = 80

  /// Every command of `descriptions` under its group's heading, a line each (`  name  synopsis`), then how to learn more.
  static func groupedList(_ descriptions: [CommandDescription]) -> [OutputLine] {
    let nameWidth = descriptions.map(\.name.count).max() ?? 0
    var lines: [OutputLine] = []
    for group in CommandGroup.allCases {
      let members = descriptions.filter { $0.group == group }
      guard !members.isEmpty else { continue }
      if !lines.isEmpty { lines.append(.plain("")) }
      lines.append(.plain(group.title))
      lines += members.map { .plain("  " + $0.name + String(repeating: " ", count: nameWidth - $0.name.count + 2) + $0.synopsis) }
    }
    lines += [
      .plain(""),
      .plain("`help <command>` prints its usage, what it does in full, and examples;"),
      .plain("`help paths`, `patterns`, `predicates` and `values` explain what commands read."),
      .plain("Actions and values are written as in Swift: \"text\", .case, Type(label: value)."),
      .plain("Tab completes commands, actions, labels, values, selectors, paths and domains."),
    ]
    return lines
  }
}
