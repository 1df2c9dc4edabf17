import ImmutableData
import ReplShellDomain
import StateValues

/// What the engine builds from a domain's description: its session, a session over a running
/// app's store and the tap of its dispatches, and the round trip of its example actions. Each
/// opens `definition` to reach the domain's state and action types.
extension Domain {
  /// Starts a session of the domain in `context`, which reports to `events`.
  @MainActor public func start(_ context: DomainContext, _ events: SessionEventStream) async throws -> any AnyDomainSession {
    try await Self.start(definition, context: context, events: events)
  }

  /// A session over a running app's store, and a tap of its dispatches (`--attach`).
  public var live: LiveHooks {
    Self.live(definition)
  }

  /// Prints every example action and reads it back; returns the printed forms, or throws at the
  /// first that does not read back as an equal value.
  public var roundTrip: @Sendable () throws(CommandError) -> [String] {
    Self.roundTrip(definition)
  }

  @MainActor private static func start<D: DomainDescribing>(
    _ described: D, context: DomainContext, events: SessionEventStream
  ) async throws -> any AnyDomainSession {
    let domain = described.typed
    if let problem = domain.catalog.unprintableExamples.first {
      throw CommandError(
        "\(domain.name) cannot start: an example in its actionExamples, a \(problem.typeName), cannot be printed, so the shell could not read it back: \(problem.message)")
    }
    let start = try context.startingState.map { json throws(CommandError) in try StateSnapshot.state(D.State.self, from: json) } ?? domain.initialState()
    let session = DomainSession(
      domainName: domain.name, catalog: domain.catalog, selectors: domain.selectors, initialState: start, reducer: domain.reducer,
      stateDiff: domain.stateDiff, events: events, settleTimeout: context.settleTimeout ?? domain.settleTimeout)
    session.timeline.settler.onWaiting = context.onWaiting
    session.effects.domainEffects = domain.effects
    session.effects.startContext = context
    if context.holdsEffects, context.startsListeners, let effects = domain.effects {
      // The listeners' tasks start in a lane of their own, serialized until the session closes.
      let scheduler = EffectScheduler(activity: session.store.activity, lane: MainSerialExecution.openLane())
      do {
        session.keepAlive = try await MainSerialExecution.run(in: scheduler.lane) { () async throws -> any Sendable in
          try await effects.listen(session.store, scheduler, context)
        }
      } catch {
        MainSerialExecution.close(scheduler.lane)
        throw error
      }
      session.effects.effectScheduler = scheduler
      await scheduler.settle()
    } else if let listen = domain.listen, context.startsListeners {
      session.keepAlive = try await listen(session.store, context)
    }
    return session
  }

  private static func live<D: DomainDescribing>(_ described: D) -> LiveHooks {
    let domain = described.typed
    return LiveHooks.make(
      name: domain.name, catalog: domain.catalog, selectors: domain.selectors, reducer: domain.reducer, stateDiff: domain.stateDiff)
  }

  private static func roundTrip<D: DomainDescribing>(_ described: D) -> @Sendable () throws(CommandError) -> [String] {
    let domain = described.typed
    return { () throws(CommandError) -> [String] in
      try domain.actionExamples.map { action throws(CommandError) in
        let printed = domain.catalog.text(for: try ValueEncoder.encodeForShell(action))
        let reparsed = try ActionCache<D.Action>.parseAction(printed, catalog: domain.catalog)
        guard reparsed == action else {
          throw CommandError("`\(printed)` reads back as a different action")
        }
        return printed
      }
    }
  }
}
