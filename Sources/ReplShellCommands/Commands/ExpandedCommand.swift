import StateValues
/// `expanded [on|off|auto]`: whether tables print one record per block, as psql's `\x` does, and
/// shows the setting.
struct ExpandedCommand: ShellCommand {
  static let description = CommandDescription(
    name: "expanded", usage: "expanded [on|off|auto]", group: .session,
    synopsis: "prints tables one record per block",
    summary: "prints every table `select` prints one record per block (`-[ RECORD 1 ]` then `field │ value` lines), as psql's \\x does: `on` always, `auto` when its rows would not fit the width tables fit (see `width`), `off` as rows; alone, shows the setting",
    examples: ["expanded on", "expanded auto", "expanded off"])
  static let reach = CommandReach.session

  /// The new setting; nil only shows it.
  let display: ExpandedDisplay?

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> ExpandedCommand {
    let words = try arguments.words()
    guard let word = words.first else { return ExpandedCommand(display: nil) }
    guard let display = ExpandedDisplay(rawValue: word.text) else {
      throw CommandError("expected `on`, `off` or `auto`, found `\(word.text.truncatedForMessage)`", column: word.column)
    }
    guard words.count == 1 else {
      throw CommandError("expanded takes one setting; remove `\(words[1].text.truncatedForMessage)`", column: words[1].column)
    }
    return ExpandedCommand(display: display)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    request.offer(request.words.count == 1 ? ExpandedDisplay.allCases.map(\.rawValue) : [])
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    if let display { context.output.tables.expanded = display }
    return CommandOutput([.plain("expanded: \(context.output.tables.expanded.rawValue)")])
  }
}
