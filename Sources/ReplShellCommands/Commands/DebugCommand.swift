import SessionProtocol
import StateValues
/// `debug [category|all] [on|off]`: switches debug output on or off and shows what is on.
struct DebugCommand: ShellCommand {
  static let description = CommandDescription(
    name: "debug", usage: "debug [category|all] [on|off]", group: .session,
    synopsis: "switches debug output on or off",
    summary: "switches debug output on or off and shows what is on; categories: "
      + DebugCategory.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; "),
    examples: ["debug on", "debug effects on", "debug off"],
    toolArguments: [ToolArgument("setting", "`[category|all] [on|off]`, e.g. `effects on`; omit it to see what is on", isRequired: false)])
  static let reach = CommandReach.session

  /// The category typed, or nil (and `all`) for every one.
  let category: String?
  /// On or off; nil only shows what is on.
  let enabled: Bool?

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> DebugCommand {
    let words = try arguments.words()
    func flag(_ word: ShellWords.Word) throws(CommandError) -> Bool {
      switch word.text {
      case "on": return true
      case "off": return false
      default: throw CommandError("expected `on` or `off`, found `\(word.text.truncatedForMessage)`", column: word.column)
      }
    }
    switch words.count {
    case 0:
      return DebugCommand(category: nil, enabled: nil)
    case 1 where ["on", "off"].contains(words[0].text):
      return DebugCommand(category: nil, enabled: try flag(words[0]))
    case 1:
      return DebugCommand(category: words[0].text, enabled: nil)
    case 2:
      return DebugCommand(category: words[0].text, enabled: try flag(words[1]))
    default:
      throw CommandError("usage: debug [category] on|off", column: words[2].column)
    }
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    request.offer(DebugCategory.allCases.map(\.rawValue) + ["all", "on", "off"])
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let all = DebugCategory.allCases
    var targets = all
    if let category, category != "all" {
      guard let match = DebugCategory(rawValue: category) else {
        throw CommandError("unknown debug category `\(category.truncatedForMessage)`; categories: \(all.map(\.rawValue).joined(separator: ", ")), all")
      }
      targets = [match]
    }
    if let enabled {
      for target in targets { context.debug.set(target, enabled: enabled) }
    }
    let on = context.debug.enabledCategories
    return CommandOutput(all.map { .plain("\($0.rawValue): \(on.contains($0) ? "on" : "off")") })
  }
}
