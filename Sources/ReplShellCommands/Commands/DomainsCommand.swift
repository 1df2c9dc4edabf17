import ReplShellSession
import StateValues
/// `domains`: lists the domains and the options of `use`.
struct DomainsCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "domains", usage: "domains", group: .driving,
    synopsis: "lists the domains and the options of `use`", summary: "lists the domains and the options of `use`", examples: ["domains"],
    toolArguments: [])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.omitted

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    CommandOutput(context.domains.flatMap { domain -> [OutputLine] in
      let running = domain.name == context.session.current?.domainName ? " (running)" : ""
      var entry = [OutputLine.plain("\(domain.name)\(running) — \(domain.summary)")]
      var flags = domain.options.map { ("--\($0.name) \($0.valueName)", $0.help) }
      if domain.hasEffects {
        flags.append(("--effects", "hold every side effect its listeners await until `complete N` or `fail N` (in memory; see README, \"Races\")"))
      }
      let width = flags.map(\.0.count).max() ?? 0
      entry += flags.map { flag, help in
        .plain("    " + flag + String(repeating: " ", count: width - flag.count) + "  " + help)
      }
      return entry
    })
  }
}
