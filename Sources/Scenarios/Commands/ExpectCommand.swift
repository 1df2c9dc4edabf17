/// `expect <selector> == <value>` (or `!=`) and `expect error <action>`: the assertions of scripts.
struct ExpectCommand: ShellCommand {
  static let description = CommandDescription(
    name: "expect", usage: "expect <selector> == <value> | expect error <action>",
    summary: "asserts in scripts: a selector's output equals a value (`!=`: differs from it), or the reducer rejects an action (run on a copy of the state: nothing is dispatched); a failure stops the script with file:line",
    examples: ["expect selectValue == 1", "expect selectValue != 3", "expect error ui.animalList.onTapDeleteSelectedAnimalButton(animalId: \"Nope\")"],
    toolArguments: [ToolArgument("assertion", "`<selector> == <value>` or `<selector> != <value>`, or `error <action>` for an action the reducer must reject")])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.reading

  /// What is asserted.
  enum Assertion: Sendable {
    /// The selector's output equals the value (or, when `equals` is false, differs from it).
    case selector(SelectorCall, expected: ParsedValue, equals: Bool)
    /// The reducer rejects the action.
    case error(ParsedValue)
  }

  /// What is asserted.
  let assertion: Assertion

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> ExpectCommand {
    var parser = try arguments.valueParser()
    if parser.peekIdentifier == "error" {
      parser.advance()
      guard !parser.atEnd else {
        throw CommandError("expect error needs an action, e.g. `expect error ui.animalList.onTapDeleteSelectedAnimalButton(animalId: \"Nope\")`", column: parser.column)
      }
      let action = try parser.parseActionPath()
      try parser.expectEnd()
      return ExpectCommand(assertion: .error(action))
    }
    guard !parser.atEnd else {
      throw CommandError("usage: expect <selector> == <value>, or expect error <action>", column: arguments.column)
    }
    let call = try parser.parseSelectorCall()
    let equals = try parser.parseComparison("the expected value after the selector")
    let expected = try parser.parseValue()
    try parser.expectEnd()
    return ExpectCommand(assertion: .selector(call, expected: expected, equals: equals))
  }

  static func completions(for request: CompletionRequest, in context: CommandContext) -> ShellCompletion {
    request.words.count >= 2 && request.words[1] == "error" ? request.action(in: context.runningSession) : request.selector(in: context.runningSession)
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let session = try context.session()
    switch assertion {
    case .selector(let call, let expected, let equals):
      return CommandOutput(try session.check(call, against: SelectorExpectation(expected: expected, equals: equals)))
    case .error(let action):
      // An assertion reads: the reducer runs on a copy of the state, whatever it answers.
      switch try await session.dispatch(action, key: action.sourceText, as: .trial) {
      case .dispatched:
        throw CommandError(
          "expected the reducer to reject the action, but it accepts it (nothing was dispatched: the state and history are unchanged)",
          column: action.column)
      case .rejected(let error):
        return CommandOutput([.note("rejected as expected: \(error)")])
      }
    }
  }
}
