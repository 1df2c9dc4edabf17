/// `fail N`: fails held side effect N, then shows what its listener dispatched.
struct FailCommand: ShellCommand {
  static let description = CommandDescription(
    name: "fail", usage: "fail <N>",
    summary: "fails held side effect N (see `effects`), as a broken connection or a database error would, and waits for what its listener does with the error",
    examples: ["fail 1"],
    toolArguments: [ToolArgument("effect", "the number `effects` shows for the held effect", kind: .number)])
  static let reach = CommandReach.appState
  static let recordingRole = RecordingRole.setting

  let release: EffectRelease

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> FailCommand {
    FailCommand(release: try EffectRelease.parse(arguments, command: "fail"))
  }

  static func completions(for request: CompletionRequest, in context: CommandContext) -> ShellCompletion {
    EffectRelease.completions(for: request, in: context)
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    try await context.session().release(effect: release.number, failing: true, column: release.column)
    return CommandOutput([])
  }
}
