import ReplShellDomain
import ReplShellSession
import StateValues
/// `use <domain> [--option value …]`: starts a fresh store for a domain.
struct UseCommand: ShellCommand {
  static let description = CommandDescription(
    name: "use", usage: "use <domain> [--option value …]", group: .driving,
    synopsis: "starts a fresh store for a domain",
    summary: "starts a fresh store for a domain (scripts start with this); `--effects` holds its listeners' side effects until `complete N` or `fail N`; `--listeners off`: the reducer alone, no listener",
    examples: ["use {domain}"],
    toolArguments: [
      ToolArgument("domain", "the domain to start; the `domains` tool lists them"),
      ToolArgument("options", "options of `use`, e.g. `--store PATH` (the `domains` tool lists them)", isRequired: false),
    ])
  static let reach = CommandReach.outsideWorld
  static let recordingRole = RecordingRole.omitted

  /// The domain's name.
  let domain: String
  /// The options, flags without dashes → values.
  let options: [String: String]
  /// The column of each option's flag, where an error about it points.
  let optionColumns: [String: Int]
  /// The column of the domain name, where other errors point.
  let column: Int

  static func parse(_ arguments: CommandArguments) throws(CommandError) -> UseCommand {
    let words = try arguments.words()
    guard let domain = words.first else {
      throw CommandError("use needs a domain name, e.g. `use counter` (type `domains` for the list)", column: arguments.column)
    }
    let texts = words.dropFirst().map(\.text)
    var optionColumns: [String: Int] = [:]
    for word in words.dropFirst() where word.text.hasPrefix("--") {
      optionColumns[String(word.text.dropFirst(2).prefix { $0 != "=" })] = word.column
    }
    return UseCommand(
      domain: domain.text, options: try DomainOption.values(parsing: texts, column: domain.column), optionColumns: optionColumns, column: domain.column)
  }

  static func completions(for request: CompletionRequest, in context: CompletionContext) -> ShellCompletion {
    if request.words.count == 1 { return request.offer(context.domains.map(\.name)) }
    if request.words.last?.hasPrefix("--") == true { return request.offer([]) }
    let domain = context.domains.first { $0.name == request.words[1] }
    let effects = domain?.hasEffects == true ? ["--" + DomainContext.effectsOption] : []
    return request.offer((domain?.options ?? []).map { "--" + $0.name } + effects + ["--" + UseOptions.listenersOption])
  }

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    // An option the domain refuses is pointed at; starting would refuse it too, at the domain.
    if let known = context.domains.first(where: { $0.name == domain }), let refusal = UseOptions.refusal(of: options, for: known) {
      throw CommandError(refusal.message, column: optionColumns[refusal.option] ?? column)
    }
    do {
      try await context.session.start(domain: domain, options: options)
    } catch {
      // The domain's checks of an option's value name the option first (`--store PATH: there is no folder …`).
      let named = optionColumns.first { error.message.hasPrefix("--\($0.key) ") }?.value
      throw CommandError(error.message, column: named ?? column)
    }
    return CommandOutput([.note("started \(domain)")])
  }
}
