/// `selectors`: lists every selector with its parameters and output type.
struct SelectorsCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "selectors", usage: "selectors", summary: "lists every selector with its parameters and output type",
    examples: ["selectors"],
    toolArguments: [])
  static let recordingRole = RecordingRole.omitted

  func run(in shell: Shell) async throws(CommandError) -> CommandOutput {
    CommandOutput(try shell.requireSession().selectorSignatures.map { .plain($0.signature) })
  }
}
