/// `invariant <selector> <operator> <value>`, `invariant`, `invariant clear`: what must hold
/// after every dispatch from this line on.
struct InvariantCommand: ShellCommand {
  static let description = CommandDescription(
    name: "invariant", usage: "invariant [<predicate> | clear]",
    summary: "holds a predicate on a selector's output (`help predicates`) after every dispatch from now on (typed, scripted or a listener's) and in `explore`; a broken one fails the line with the action that broke it; alone, lists them",
    examples: ["invariant {selector} == {value}", "invariant {selector} != {value}", "invariant", "invariant clear"],
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
    /// Adds one: the selector's output satisfies the predicate.
    case add(Predicate)
  }

  /// What the line asks.
  let request: Request

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> InvariantCommand {
    var parser = try arguments.valueParser()
    if parser.atEnd { return InvariantCommand(request: .list) }
    if parser.peekIdentifier == "clear" {
      parser.advance()
      try parser.expectEnd()
      return InvariantCommand(request: .clear)
    }
    let predicate = try parser.parsePredicate("the value after the selector, e.g. `invariant <selector> < 5`")
    try parser.expectEnd()
    return InvariantCommand(request: .add(predicate))
  }

  static func completions(for request: CompletionRequest, in context: CommandContext) -> ShellCompletion {
    request.selector(in: context.runningSession)
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let session = try context.session()
    switch request {
    case .list:
      return CommandOutput(try session.changeInvariants(.list))
    case .clear:
      return CommandOutput(try session.changeInvariants(.clear))
    case .add(let predicate):
      return CommandOutput(try session.changeInvariants(.add(predicate)))
    }
  }
}
