import ReplShellSession
import StateValues
/// `tail [--only PATTERN]`: in a shell attached to a running app, prints every action the app
/// dispatches as it happens, with its diff, until Ctrl-C.
struct TailCommand: ShellCommand {
  static let description = CommandDescription(
    name: "tail", usage: options.usage("tail"), group: .live,
    synopsis: "prints the attached app's actions as it dispatches them",
    summary: "in a shell attached to a running app (`--attach`), prints every action the app dispatches as it happens, with its diff, until Ctrl-C; `hide` applies, and `--only` keeps the actions an action pattern matches (see `help patterns`)",
    examples: ["tail", "tail --only {pattern}"])
  static let reach = CommandReach.outsideWorld

  /// The actions to print, when given.
  let only: ActionPattern?

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> TailCommand {
    guard let pattern = try options.parseOnly(arguments).word(Option.only) else { return TailCommand(only: nil) }
    return TailCommand(only: try ActionPattern(parsing: pattern.text, column: pattern.column))
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    options.completion(for: request, values: { _ in request.offer(context.runningSession?.catalog.patternNames ?? []) })
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    guard let control = context.session.liveControl else {
      throw CommandError("`tail` follows a running app's actions: attach to one with `\(context.programName) --attach` (alone, it lists them)")
    }
    if context.session.current?.backend.isFork == true {
      throw CommandError("this session is a fork: nothing else dispatches into it; type `attach` to return to the live store, then `tail`")
    }
    try context.session.current?.read(self)
    control.startTail(only: only)
    return CommandOutput([.note("tailing every action the app dispatches\(only.map { " that `\($0)` matches" } ?? ""); Ctrl-C stops")])
  }
}

extension TailCommand {
  /// The options `tail` takes.
  static let options = CommandOptions([Option.only])

  /// Each option of `tail`.
  enum Option {
    static let only = CommandOption(
      "--only", .text(noun: "an action pattern"), placeholder: "PATTERN", example: "onTap", "print only the actions the pattern matches")
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
