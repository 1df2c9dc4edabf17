/// `complete N`: lets held side effect N finish, then shows what its listener dispatched.
struct CompleteCommand: ShellCommand {
  static let description = CommandDescription(
    name: "complete", usage: "complete <N>",
    summary: "lets held side effect N (see `effects`) finish and waits for what its listener does with the result",
    examples: ["complete 1"],
    toolArguments: [ToolArgument("effect", "the number `effects` shows for the held effect", kind: .number)])
  static let reach = CommandReach.appState
  static let recordingRole = RecordingRole.setting

  let release: EffectRelease

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> CompleteCommand {
    CompleteCommand(release: try EffectRelease.parse(arguments, command: "complete"))
  }

  static func completions(for request: CompletionRequest, in context: CommandContext) -> ShellCompletion {
    EffectRelease.completions(for: request, in: context)
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    try await context.session().release(effect: release.number, failing: false, column: release.column)
    return CommandOutput([])
  }
}
