/// How a domain runs its listeners with their side effects held (`use <domain> --effects`,
/// `explore --effects`): which actions a person dispatches, and how to start the listeners on
/// a seam whose every query, mutation or fetch goes through the scheduler — usually an
/// in-memory implementation of the domain's persistence or network protocol.
///
/// ```swift
/// effects: DomainEffects(userActions: ["ui"]) { store, scheduler, context in
///   let listener = Listener(store: ScheduledStore(scheduler: scheduler))
///   listener.listen(to: store)
///   return listener
/// }
/// ```
public struct DomainEffects<State: Sendable, Action: Sendable>: Sendable {
  /// Action patterns (`help patterns`) of the cases a person dispatches: what `explore --effects`
  /// generates; the rest are left to the listeners. Empty: every case.
  public let userActions: [String]
  /// The domain's options (names without dashes) its held effects still use. Any other option
  /// given with `--effects` is refused: the effects run on the seam below, not on the database,
  /// server or feed the option names. Empty (the default): none.
  public let options: [String]
  /// Starts the listeners on `store` with their effects going through the scheduler; returns
  /// what must be kept alive while they run.
  public let listen: @MainActor @Sendable (SessionStore<State, Action>, EffectScheduler, DomainContext) async throws -> any Sendable

  /// Describes a domain's held effects.
  public init(
    userActions: [String] = [],
    options: [String] = [],
    listen: @escaping @MainActor @Sendable (SessionStore<State, Action>, EffectScheduler, DomainContext) async throws -> any Sendable
  ) {
    self.userActions = userActions
    self.options = options
    self.listen = listen
  }
}
