/// `reset`: starts the current domain again with a fresh store and the same options.
struct ResetCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "reset", usage: "reset", summary: "starts the current domain again with a fresh store and the same options",
    examples: ["reset"],
    toolArguments: [])
  static let recordingRole = RecordingRole.omitted

  func run(in shell: Shell) async throws(CommandError) -> CommandOutput {
    _ = try shell.requireSession()
    guard let running = shell.running else { return CommandOutput([]) }
    var lines = try await shell.start(domain: running.domain.name, options: running.options)
    lines.append(.note("reset \(running.domain.name) to a fresh store"))
    return CommandOutput(lines)
  }
}
