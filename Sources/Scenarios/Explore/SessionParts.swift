import ReplShellDomain
import ReplShellSession
import StateValues
/// The parts of a running session that `explore` and `shrink` work on, taken from it once: the
/// components they read (store and history, checks, side effects, the printer of actions) and
/// the domain's reducer, state comparison and diff. Both hold one, rather than each copying the
/// session's parts.
@MainActor struct SessionParts<State: Sendable, Action: Decodable & Equatable & Sendable> {
  /// The store, its history and the last rejection.
  let timeline: SessionTimeline<State, Action>
  /// The invariants and breakpoints.
  let checks: SessionChecks<State, Action>
  /// The listeners' side effects.
  let effects: SessionEffects<State, Action>
  /// How actions are written.
  let printer: ActionPrinter<State, Action>
  /// The reducer alone.
  let reducer: @Sendable (State, Action) throws -> State
  /// Whether two states differ, when the state is `Equatable`.
  let statesDiffer: (@Sendable (State, State) -> Bool)?
  /// Diffs the domain's states.
  let stateDiff: StateDiff
  /// Where notes go.
  let events: SessionEventStream

  /// The parts of `session`.
  init(_ session: DomainSession<State, Action>) {
    (timeline, checks, effects, printer) = (session.timeline, session.checks, session.effects, session.printer)
    (reducer, statesDiffer, stateDiff, events) = (session.reducer, session.statesDiffer, session.stateDiff, session.events)
  }
}

/// Work on a session's parts (`explore`, `shrink`): the names it reads them by, written once.
@MainActor protocol WorksOnSessionParts {
  associatedtype State: Sendable
  associatedtype Action: Decodable & Equatable & Sendable
  /// The session's parts it works on.
  var parts: SessionParts<State, Action> { get }
}

extension WorksOnSessionParts {
  var timeline: SessionTimeline<State, Action> { parts.timeline }
  var checks: SessionChecks<State, Action> { parts.checks }
  var effects: SessionEffects<State, Action> { parts.effects }
  var printer: ActionPrinter<State, Action> { parts.printer }
  var reducer: @Sendable (State, Action) throws -> State { parts.reducer }
  var statesDiffer: (@Sendable (State, State) -> Bool)? { parts.statesDiffer }
  var stateDiff: StateDiff { parts.stateDiff }
  var events: SessionEventStream { parts.events }

  var domainName: String { printer.domainName }
  var catalog: ActionCatalog { printer.catalog }
  var store: SessionStore<State, Action> { timeline.store }
  var history: SessionHistory<State, Action> { timeline.history }
  var actionCache: ActionCache<Action> { timeline.actionCache }
  var invariants: InvariantList<State> { checks.invariants }
  var breakpoints: BreakpointList<State> { checks.breakpoints }
  var domainEffects: DomainEffects<State, Action>? { effects.domainEffects }
  var startContext: DomainContext? { effects.startContext }
  /// The last action the reducer rejected (`shrink rejects` with no action names it).
  var lastRejection: RejectedAction<Action>? {
    get { timeline.lastRejection }
    nonmutating set { timeline.lastRejection = newValue }
  }
  func actionText(_ action: Action) throws(CommandError) -> String { try printer.actionText(action) }
  func describe(_ action: Action) throws(CommandError) -> (text: String, path: [String]?) { try printer.describe(action) }
  func makeInvariant(_ predicate: StateValues.Predicate, settled: Bool = false) throws(CommandError) -> Invariant<State> {
    try checks.makeInvariant(predicate, settled: settled)
  }
}
