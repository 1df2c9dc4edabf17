/// `tail [--only PREFIX]`: in a shell attached to a running app, prints every action the app
/// dispatches as it happens, with its diff, until Ctrl-C.
struct TailCommand: ShellCommand {
  static let description = CommandDescription(
    name: "tail", usage: "tail [--only PREFIX]",
    summary: "in a shell attached to a running app (`--attach`), prints every action the app dispatches as it happens, with its diff, until Ctrl-C; `hide` applies, and `--only` keeps the actions whose text starts with PREFIX",
    examples: ["tail", "tail --only onTap"])
  static let reach = CommandReach.outsideWorld

  /// The prefix an action's text must start with, when given.
  let only: String?

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> TailCommand {
    let words = try arguments.words()
    guard let first = words.first else { return TailCommand(only: nil) }
    guard first.text == "--only" else {
      throw CommandError("tail takes only `--only PREFIX`; remove `\(first.text.truncatedForMessage)`", column: first.column)
    }
    guard words.count == 2 else {
      let column = words.count > 2 ? words[2].column : first.column + first.text.count
      throw CommandError(
        words.count > 2 ? "tail --only takes one prefix; remove `\(words[2].text.truncatedForMessage)`" : "--only needs a prefix, e.g. `tail --only onTap`",
        column: column)
    }
    return TailCommand(only: words[1].text)
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    guard let control = context.liveControl else {
      throw CommandError("`tail` follows a running app's actions: attach to one with `replshell --attach` (alone, it lists them)")
    }
    if context.runningSession?.liveness == .fork {
      throw CommandError("this session is a fork: nothing else dispatches into it; type `attach` to return to the live store, then `tail`")
    }
    control.startTail(only: only)
    return CommandOutput([.note("tailing every action the app dispatches\(only.map { " that starts with `\($0)`" } ?? ""); Ctrl-C stops")])
  }
}
