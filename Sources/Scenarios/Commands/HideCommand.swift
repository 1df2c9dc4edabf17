/// `hide [action case path or prefix]`: keeps matching actions out of what dispatches print.
struct HideCommand: ShellCommand {
  static let description = CommandDescription(
    name: "hide", usage: "hide [action case path or prefix]",
    summary: "keeps matching actions (heartbeats, timers) out of what dispatches print, still reducing them; `history` marks them, `debug actions on` shows them; alone, lists them",
    examples: ["hide didTick", "hide data.timer", "hide"])
  static let reach = CommandReach.session

  /// The case path components typed, or nil to list what is hidden.
  let pattern: [String]?
  /// Where the pattern starts, for errors.
  let column: Int

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> HideCommand {
    let words = try arguments.words()
    guard let word = words.first else { return HideCommand(pattern: nil, column: arguments.column) }
    if words.count > 1 {
      throw CommandError("hide takes one action case path or prefix; remove `\(words[1].text.truncatedForMessage)`", column: words[1].column)
    }
    let text = word.text.hasPrefix(".") ? String(word.text.dropFirst()) : word.text
    let components = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard components.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) else {
      throw CommandError("expected an action case path such as `ui.timer.didTick`, found `\(word.text.truncatedForMessage)`", column: word.column)
    }
    return HideCommand(pattern: components, column: word.column)
  }

  static func completions(for request: CompletionRequest, in context: CommandContext) -> ShellCompletion {
    request.offer(context.runningSession?.catalog.completionNames ?? [])
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(try context.session().hide(pattern, column: column))
  }
}
