import StateValues
/// A domain's description with its types: everything `Domain.init` was given that an engine
/// needs to drive it. `Domain` keeps it behind `DomainDescribing`, so this module holds no
/// engine; the engine opens it with a generic function (`func f<D: DomainDescribing>(_ d: D)`,
/// which Swift calls with the existential opened) and builds its typed session from it.
public struct DomainDefinition<State: Sendable, Action: Decodable & Equatable & Sendable>: Sendable {
  /// The name typed after `use`.
  public let name: String
  /// The state a session starts from unless it is given one.
  public let initialState: @Sendable () -> State
  /// The domain's reducer.
  public let reducer: @Sendable (State, Action) throws -> State
  /// One value of every action case, as the domain gave them.
  public let actionExamples: [Action]
  /// The action cases read from the examples.
  public let catalog: ActionCatalog
  /// The selectors the shell offers.
  public let selectors: [SelectorDefinition<State, Action>]
  /// The diff of two states, specialized for the types the domain named.
  public let stateDiff: StateDiff
  /// How long a command waits for the listeners unless the shell says.
  public let settleTimeout: Duration
  /// How to run the listeners with their side effects held; nil without such a seam.
  public let effects: DomainEffects<State, Action>?
  /// Starts the listeners on a session's store; nil when the domain has none.
  public let listen: (@MainActor @Sendable (SessionStore<State, Action>, DomainContext) async throws -> any Sendable)?
}

/// A `DomainDefinition` of some state and action types: what `Domain` stores, and what an engine
/// opens to reach the types.
public protocol DomainDescribing: Sendable {
  /// The domain's state.
  associatedtype State: Sendable
  /// The domain's action.
  associatedtype Action: Decodable & Equatable & Sendable
  /// The description with its types.
  var typed: DomainDefinition<State, Action> { get }
}

extension DomainDefinition: DomainDescribing {
  /// Itself.
  public var typed: DomainDefinition<State, Action> { self }
}
