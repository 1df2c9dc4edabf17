/// `tail [--only PATTERN]`: in a shell attached to a running app, prints every action the app
/// dispatches as it happens, with its diff, until Ctrl-C.
struct TailCommand: ShellCommand {
  static let description = CommandDescription(
    name: "tail", usage: "tail [--only PATTERN]", group: .live,
    synopsis: "prints the attached app's actions as it dispatches them",
    summary: "in a shell attached to a running app (`--attach`), prints every action the app dispatches as it happens, with its diff, until Ctrl-C; `hide` applies, and `--only` keeps the actions an action pattern matches (see `help patterns`)",
    examples: ["tail", "tail --only {pattern}"])
  static let reach = CommandReach.outsideWorld

  /// The actions to print, when given.
  let only: ActionPattern?

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> TailCommand {
    let words = try arguments.words()
    guard let first = words.first else { return TailCommand(only: nil) }
    guard first.text == "--only" else {
      let hint = Suggestions.closest(to: first.text, among: ["--only"], limit: 1).isEmpty ? "" : "did you mean `--only`? "
      throw CommandError("tail takes only `--only PATTERN`; \(hint)remove `\(first.text.truncatedForMessage)`", column: first.column)
    }
    guard words.count == 2 else {
      let column = words.count > 2 ? words[2].column : first.column + first.text.count
      throw CommandError(
        words.count > 2 ? "tail --only takes one pattern; remove `\(words[2].text.truncatedForMessage)`" : "--only needs an action pattern, e.g. `tail --only onTap`",
        column: column)
    }
    return TailCommand(only: try ActionPattern(parsing: words[1].text, column: words[1].column))
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    guard let control = context.session.liveControl else {
      throw CommandError("`tail` follows a running app's actions: attach to one with `\(context.programName) --attach` (alone, it lists them)")
    }
    if context.session.current?.backend.isFork == true {
      throw CommandError("this session is a fork: nothing else dispatches into it; type `attach` to return to the live store, then `tail`")
    }
    try context.session.current?.read(self)
    control.startTail(only: only?.description)
    return CommandOutput([.note("tailing every action the app dispatches\(only.map { " that `\($0)` matches" } ?? ""); Ctrl-C stops")])
  }
}

extension TailCommand: SessionReader {
  /// Checks that the pattern to follow matches one of the domain's action cases.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> Void {
    if let only { _ = try session.printer.catalog.cases(matching: only, column: nil) }
  }
}
