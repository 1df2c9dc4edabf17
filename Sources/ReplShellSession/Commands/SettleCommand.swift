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
    try await context.session.open(self)
    return CommandOutput([])
  }
}

extension SettleCommand: SessionOpener {
  /// Waits for the listeners to finish.
  @MainActor func open<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) async throws(CommandError) -> Void {
    try await session.settle(requested: true)
  }
}
