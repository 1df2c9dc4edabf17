import ReplShellSession
import StateValues
/// `dispatch <action>`: dispatches an action and prints the diff of the state, then what listeners dispatched.
struct DispatchCommand: ShellCommand {
  static let description = CommandDescription(
    name: "dispatch", usage: options.usage("dispatch", operands: "<action>"), group: .driving,
    synopsis: "dispatches an action and prints what it changed",
    summary: "dispatches an action written as Swift writes it (any unique suffix of its case path) and prints the diff of the state, then what listeners dispatched; with --may-reject (what `explore --save` writes) a rejection is a note, not a failure",
    examples: ["dispatch {action}", "dispatch {actionCall}", "dispatch --may-reject {actionCall}"],
    toolArguments: options.toolArguments + [
      ToolArgument("action", "the action as Swift writes it: its case path (or a unique end of it) and its labelled arguments; the `actions` tool lists them")
    ])
  static let reach = CommandReach.appState
  static let recordingRole = RecordingRole.dispatch

  /// The action as typed: a case path with its arguments.
  let action: ParsedValue
  /// The action written back as typed, read once: the key its decoded action is cached under.
  let key: String
  /// Whether the reducer's rejection is a note rather than a failure (`--may-reject`).
  let mayReject: Bool

  /// The command for `action`.
  init(action: ParsedValue, mayReject: Bool = false) {
    self.action = action
    self.key = action.sourceText
    self.mayReject = mayReject
  }

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> DispatchCommand {
    let parsed = try options.parse(arguments)
    return DispatchCommand(action: try parseAction(parsed.rest), mayReject: parsed.isSet(Option.mayReject))
  }

  private static func parseAction(_ arguments: CommandArguments) throws(CommandError) -> ParsedValue {
    var parser = try arguments.valueParser()
    guard !parser.atEnd else {
      throw CommandError("dispatch needs an action: type `actions` for the list, or press Tab", column: arguments.column)
    }
    let action = try parser.parseActionPath()
    try parser.expectEnd()
    return action
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    options.completion(for: request) { _ in request.action(in: context.runningSession) }
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    // The dispatch, and what listeners dispatched while the store settled, are the session's events.
    switch try await context.session.require().dispatch(action, key: key, as: .dispatch(by: context.line)) {
    case .dispatched:
      return CommandOutput([])
    case .rejected(let error) where mayReject:
      return CommandOutput([.note("rejected, state unchanged: \(error)")])
    case .rejected(let error):
      throw CommandError("the reducer rejected the action, state unchanged: \(error)", column: action.column)
    }
  }
}

extension DispatchCommand {
  /// The options `dispatch` takes.
  static let options = CommandOptions([Option.mayReject])

  /// Each option of `dispatch`.
  enum Option {
    static let mayReject = CommandOption("--may-reject", tool: "mayReject", "a rejection by the reducer is a note, not an error")
  }
}
