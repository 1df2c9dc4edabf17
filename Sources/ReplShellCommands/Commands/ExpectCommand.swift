import ReplShellSession
import StateValues
/// `expect <selector> <operator> <value>` and `expect error <action>`: the assertions of scripts.
struct ExpectCommand: ShellCommand {
  static let description = CommandDescription(
    name: "expect", usage: "expect <predicate> | expect error <action>", group: .testing,
    synopsis: "asserts a predicate, or that an action is rejected",
    summary: "asserts in scripts: a predicate on a selector's output holds (`help predicates`: `==`, `!=`, `<`, `<=`, `>`, `>=`, `contains`, `.count`), or the reducer rejects an action (run on a copy of the state: nothing is dispatched); a failure stops the script with file:line and the actual value",
    examples: [
      "expect {selector} == {value}", "expect {selector} != {value}", "expect error {actionCall}",
    ],
    toolArguments: [
      ToolArgument(
        "assertion",
        "`<selector> <operator> <value>` with `==`, `!=`, `<`, `<=`, `>`, `>=` or `contains` (`<selector>.count` compares the number of elements), or `error <action>` for an action the reducer must reject")
    ])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.reading

  /// What is asserted.
  enum Assertion: Sendable {
    /// The selector's output satisfies the predicate.
    case selector(Predicate)
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
        throw CommandError("expect error needs an action the reducer must reject: type `actions` for the list", column: parser.column)
      }
      let action = try parser.parseActionPath()
      try parser.expectEnd()
      return ExpectCommand(assertion: .error(action))
    }
    guard !parser.atEnd else {
      throw CommandError("usage: expect <selector> == <value> (or `!=`, `<`, `<=`, `>`, `>=`, `contains`), or expect error <action>", column: arguments.column)
    }
    let predicate = try parser.parsePredicate("the expected value after the selector")
    try parser.expectEnd()
    return ExpectCommand(assertion: .selector(predicate))
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    request.words.count >= 2 && request.words[1] == "error" ? request.action(in: context.runningSession) : request.selector(in: context.runningSession)
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let session = try context.session.require()
    switch assertion {
    case .selector(let predicate):
      return CommandOutput(try session.read(Check(predicate: predicate)))
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

extension ExpectCommand {
  /// A predicate checked on the typed session.
  struct Check: SessionReader {
    /// What must hold of a selector's output.
    let predicate: Predicate

    /// `ok`, or the error with the actual output.
    func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> [OutputLine] {
      try session.checks.expect(predicate)
    }
  }
}
