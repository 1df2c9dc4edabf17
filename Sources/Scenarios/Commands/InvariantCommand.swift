/// `invariant <selector> == <value>` (or `!=`), `invariant`, `invariant clear`: what must hold
/// after every dispatch from this line on.
struct InvariantCommand: ShellCommand {
  static let description = CommandDescription(
    name: "invariant", usage: "invariant [<selector> ==|!= <value> | clear]",
    summary: "holds a selector's output to a value after every dispatch from now on (typed, scripted or a listener's) and in `explore`; a broken one fails the line with the action that broke it; alone, lists them",
    examples: ["invariant selectValue != 3", "invariant selectAnimal(animalId: \"Nope\") == nil", "invariant", "invariant clear"],
    toolArguments: [ToolArgument("invariant", "`<selector> == <value>` or `<selector> != <value>`; `clear` drops them all; empty lists them", isRequired: false)])
  static let reach = CommandReach.session

  /// What the line asks.
  enum Request: Sendable {
    /// Lists the invariants.
    case list
    /// Drops them all.
    case clear
    /// Adds one: the selector's output equals the value (or differs from it when `equals` is false).
    case add(SelectorCall, expected: ParsedValue, equals: Bool)
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
    let call = try parser.parseSelectorCall()
    let equals = try parser.parseComparison("the value after the selector, e.g. `invariant selectValue != 3`")
    let expected = try parser.parseValue()
    try parser.expectEnd()
    return InvariantCommand(request: .add(call, expected: expected, equals: equals))
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
    case .add(let call, let expected, let equals):
      return CommandOutput(try session.changeInvariants(.add(call, SelectorExpectation(expected: expected, equals: equals))))
    }
  }
}
