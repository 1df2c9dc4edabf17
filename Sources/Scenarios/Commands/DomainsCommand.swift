/// `domains`: lists the domains and the options of `use`.
struct DomainsCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "domains", usage: "domains", summary: "lists the domains and the options of `use`", examples: ["domains"],
    toolArguments: [])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.omitted

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(context.domains.flatMap { domain -> [OutputLine] in
      let running = domain.name == context.runningSession?.domainName ? " (running)" : ""
      var entry = [OutputLine.plain("\(domain.name)\(running) — \(domain.summary)")]
      let flags = domain.options.map { "--\($0.name) \($0.valueName)" }
      let width = flags.map(\.count).max() ?? 0
      entry += zip(flags, domain.options).map { flag, option in
        .plain("    " + flag + String(repeating: " ", count: width - flag.count) + "  " + option.help)
      }
      return entry
    })
  }
}
