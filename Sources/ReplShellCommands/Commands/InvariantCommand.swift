import ReplShellSession
import StateValues
/// `invariant <selector> <operator> <value>`, `invariant`, `invariant clear`: what must hold
/// after every dispatch from this line on.
struct InvariantCommand: ShellCommand {
  static let description = CommandDescription(
    name: "invariant", usage: options.usage("invariant", operands: "[<predicate> | clear]"), group: .testing,
    synopsis: "holds a predicate after every dispatch",
    summary: "holds a predicate on a selector's output (`help predicates`) after every dispatch from now on (typed, scripted or a listener's) and in `explore`; a broken one fails the line with the action that broke it; `--settled` checks it only when the listeners are done and no side effect is held (after each line, and in `explore --effects` whenever nothing is held): a status stuck at waiting, data the listeners left out of date; alone, lists them",
    examples: ["invariant {selector} == {value}", "invariant {selector} != {value}", "invariant --settled {selector} != {value}", "invariant", "invariant clear"],
    toolArguments: [
      ToolArgument(
        "invariant", "`<selector> <operator> <value>` with `==`, `!=`, `<`, `<=`, `>`, `>=` or `contains`; `clear` drops them all; empty lists them",
        isRequired: false)
    ])
  static let reach = CommandReach.session

  /// What the line asks.
  enum Request: Sendable {
    /// Lists the invariants.
    case list
    /// Drops them all.
    case clear
    /// Adds one: the selector's output satisfies the predicate (once the listeners settle, when `settled`).
    case add(Predicate, settled: Bool)
  }

  /// What the line asks.
  let request: Request

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> InvariantCommand {
    let parsed = try options.parse(arguments)
    let rest = parsed.rest
    let settled = parsed.isSet(Option.settled)
    var parser = try rest.valueParser()
    if parser.atEnd {
      if settled { throw CommandError("--settled needs a predicate, e.g. `invariant --settled <selector> != <value>`", column: rest.column) }
      return InvariantCommand(request: .list)
    }
    if parser.peekIdentifier == "clear" {
      parser.advance()
      try parser.expectEnd()
      return InvariantCommand(request: .clear)
    }
    let predicate = try parser.parsePredicate("the value after the selector, e.g. `invariant <selector> < 5`")
    try parser.expectEnd()
    return InvariantCommand(request: .add(predicate, settled: settled))
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    options.completion(for: request) { _ in request.selector(in: context.runningSession) }
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(try context.session.read(self))
  }
}

extension InvariantCommand {
  /// The options `invariant` takes.
  static let options = CommandOptions([Option.settled])

  /// Each option of `invariant`.
  enum Option {
    static let settled = CommandOption(
      "--settled", .flag, "check it only when the listeners are done and no side effect is held, not after every dispatch")
  }
}

extension InvariantCommand: SessionReader {
  /// Adds, lists or clears the invariants.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> [OutputLine] {
    switch request {
    case .list: try session.checks.changeInvariants(.list)
    case .clear: try session.checks.changeInvariants(.clear)
    case .add(let predicate, let settled): try session.checks.changeInvariants(.add(predicate, settled: settled))
    }
  }
}
