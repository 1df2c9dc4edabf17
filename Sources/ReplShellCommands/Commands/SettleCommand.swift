import ReplShellSession
import StateValues
/// `settle`: waits until listeners have finished every side effect.
struct SettleCommand: CommandWithoutArguments {
  static let description = CommandDescription(
    name: "settle", usage: "settle", group: .exploring,
    synopsis: "waits until the listeners finish their side effects",
    summary: "waits until listeners have finished every side effect (dispatch already does this)", examples: ["settle"],
    toolArguments: [])
  static let reach = CommandReach.appState

  func run(in context: CommandContext) async throws(CommandError) -> CommandOutput {
    // What listeners do while it waits are the session's events, and so is `settled`.
    try await context.session.open(ListenerWait(report: context.line.report))
    return CommandOutput([])
  }

  /// The wait on the typed session, for the line whose report what the listeners find goes into.
  struct ListenerWait: SessionOpener {
    /// The report of the line that waits.
    let report: LineReport

    /// Waits for the listeners to finish.
    func open<State: Sendable, Action: Decodable & Equatable & Sendable>(
      _ session: DomainSession<State, Action>
    ) async throws(CommandError) -> Void {
      try await session.settle(requested: true, reportingTo: report)
    }
  }
}
