import ReplShellSession
import StateValues
/// `break when <predicate>`, `break`, `break clear [N]`: stops a run at the first dispatch that
/// makes a selector's predicate true, as a debugger's conditional breakpoint does.
struct BreakCommand: ShellCommand {
  static let description = CommandDescription(
    name: "break", usage: "break [when <predicate> | clear [N]]", group: .testing,
    synopsis: "stops a run when a predicate becomes true",
    summary: "stops a run at the first dispatch (typed, scripted or a listener's) that makes a predicate (`help predicates`) true, once per crossing from false to true: a script stops there with file:line, the prompt marks it; alone, lists them; `clear [N]` drops them",
    examples: ["break when {selector} == {value}", "break when {selector} != {value}", "break", "break clear 1", "break clear"],
    toolArguments: [
      ToolArgument(
        "when", "sets a breakpoint: `<selector> <operator> <value>` with `==`, `!=`, `<`, `<=`, `>`, `>=` or `contains`, e.g. `selectValue == 3`",
        isRequired: false, kind: .phrase("when")),
      ToolArgument("clear", "drops breakpoint N, as `break` numbers them", isRequired: false, kind: .numberOption("clear")),
      .flag("clearAll", "clear", "true drops every breakpoint"),
    ])
  static let reach = CommandReach.session
  /// A breakpoint is for finding where a run goes wrong, not part of the scenario `save` writes.
  static let recordingRole = RecordingRole.omitted

  /// What the line asks.
  let change: BreakpointChange

  /// The words `break` takes first.
  private static let subcommands = ["when", "clear"]

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> BreakCommand {
    let words = try arguments.words()
    guard let first = words.first else { return BreakCommand(change: .list) }
    switch first.text {
    case "clear":
      guard words.count > 1 else { return BreakCommand(change: .clear(nil, column: first.column)) }
      guard words.count == 2 else {
        throw CommandError("break clear takes one breakpoint number; remove `\(words[2].text.truncatedForMessage)`", column: words[2].column)
      }
      guard let number = Int(words[1].text), number > 0 else {
        throw CommandError(
          "expected a breakpoint number such as `1` (`break` lists them), found `\(words[1].text.truncatedForMessage)`", column: words[1].column)
      }
      return BreakCommand(change: .clear(number, column: words[1].column))
    case "when":
      var parser = try arguments.valueParser()
      parser.advance()
      guard !parser.atEnd else {
        throw CommandError("break when needs a predicate, e.g. `break when <selector> == <value>` (`help predicates`)", column: parser.column)
      }
      let predicate = try parser.parsePredicate("the value after the selector, e.g. `break when <selector> == 3`")
      try parser.expectEnd()
      return BreakCommand(change: .add(predicate))
    default:
      let nearest = Suggestions.closest(to: first.text, among: subcommands, limit: 1).first
      let hint = nearest.map { "did you mean `break \($0)`? " } ?? ""
      throw CommandError(
        "break takes `when <predicate>`, `clear` or `clear N`, not `\(first.text.truncatedForMessage)`; \(hint)e.g. `break when <selector> == <value>`",
        column: first.column)
    }
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    switch request.words.dropFirst().first {
    case nil: request.offer(subcommands)
    case "when": request.selector(in: context.runningSession)
    default: request.offer([])
    }
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(try context.session.read(self))
  }
}

extension BreakCommand: SessionReader {
  /// Sets, lists or clears the breakpoints.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> [OutputLine] {
    try session.checks.changeBreakpoints(change)
  }
}
