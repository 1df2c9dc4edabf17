import ReplShellSession
import StateValues
/// `reset`: starts the current domain again with a fresh store and the same options.
struct ResetCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "reset", usage: "reset", group: .driving,
    synopsis: "starts the domain again with a fresh store", summary: "starts the current domain again with a fresh store and the same options",
    examples: ["reset"],
    toolArguments: [])
  static let reach = CommandReach.appState
  static let recordingRole = RecordingRole.omitted

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    _ = try context.session.require()
    guard let running = context.session.runningDomain else { return CommandOutput([]) }
    try await context.session.start(domain: running.domain, options: running.options)
    return CommandOutput([.note("reset \(running.domain) to a fresh store")])
  }
}
