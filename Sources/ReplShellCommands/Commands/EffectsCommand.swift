import ReplShellDomain
import ReplShellSession
import StateValues
/// `effects`: lists the side effects the listeners await, held until `complete N` or `fail N`.
struct EffectsCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "effects", usage: "effects", group: .exploring,
    synopsis: "lists the side effects `use <domain> --effects` holds",
    summary: "lists the side effects held in a session started with `use <domain> --effects`, by number, oldest first; `complete N` lets one finish, `fail N` fails it",
    examples: ["effects"],
    toolArguments: [])
  static let reach = CommandReach.nothing
  static let recordingRole = RecordingRole.reading

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    let held = try context.session.read(self)
    guard !held.isEmpty else { return CommandOutput([.note("no side effect is held")]) }
    var lines: [OutputLine] = [.plain("\(held.count) held (`complete N` lets one finish, `fail N` fails it):")]
    lines += held.map { .plain("  #\($0.number) \($0.label)" + ($0.canFail ? "" : " (cannot fail)")) }
    return CommandOutput(lines)
  }
}

extension EffectsCommand: SessionReader {
  /// The side effects held now, oldest first.
  @MainActor func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> [EffectScheduler.Effect] {
    try session.effects.heldEffects()
  }
}
