/// A sequential specification to check histories against: a reducer, and how each completed
/// operation of a history becomes an action carrying what its client observed.
///
/// The reducer is the specification: it returns the next state, or throws when the action
/// cannot happen in that state (a read that saw 3 where the register holds 4). Its error's
/// description is what a witness prints for the operation that cannot be placed.
///
/// How operations map, by Jepsen's rules: an `:ok` operation happened and its completion says
/// what the client saw; a `:fail` operation did not happen, so a model returns nil for it unless
/// its failure is itself an observation (a compare-and-set that compared and lost); an `:info`
/// operation may have happened at any point after its invocation or never, so its action must
/// not assume an observation.
public protocol LinearizabilityModel: Sendable {
  /// What the system holds: hashed, since the checker remembers the states it has tried.
  associatedtype State: Hashable & Sendable
  /// One operation as the reducer takes it; its description names it in witnesses.
  associatedtype Action: Sendable & CustomStringConvertible
  /// Why an action cannot happen: a small value is best, since the search meets many refusals
  /// and only the witness's is ever printed.
  associatedtype Failure: Error = any Error

  /// The state before the history's first operation.
  var initialState: State { get }

  /// The action `operation` stands for, or nil for one with no effect and nothing to check.
  /// Throws, with what is wrong, for an operation the model cannot read.
  func action(for operation: HistoryOperation) throws(OperationError) -> Action?

  /// The state after `action`, or an error saying why `action` cannot happen in `state`.
  func reduce(_ state: State, _ action: Action) throws(Failure) -> State

  /// Which independent part of the system `operation` touches (a key): operations of different
  /// parts are checked apart (P-compositionality). Nil, the default, checks all together.
  func partition(of operation: HistoryOperation) -> EDNValue?

  /// Whether a shrunk witness must fail with the same reducer error as the history it came from,
  /// not only at the same operation. For a model whose reads observe a lot at once (a fetch of
  /// every record), where a read alone fails against the initial state once the writes before it
  /// are dropped: keeping the error keeps the writes that made the state the read was compared
  /// with. False, the default, shrinks further.
  var witnessKeepsItsReason: Bool { get }

  /// Whether the checker keeps the reducer's answers for the (state, action) pairs it meets
  /// again, in a bounded cache: true, the default, for a reducer that costs more than a lookup
  /// (an app's, whose state holds collections and whose errors format messages); false for one
  /// cheaper than comparing its states.
  var cachesReducerAnswers: Bool { get }
}

extension LinearizabilityModel {
  /// One part: every operation is checked with every other.
  public func partition(of operation: HistoryOperation) -> EDNValue? { nil }

  /// False: the witness may fail with another error at the same operation.
  public var witnessKeepsItsReason: Bool { false }

  /// True: the reducer's answers are kept.
  public var cachesReducerAnswers: Bool { true }
}

/// An operation a model cannot read, such as a write whose value is not a number.
public struct OperationError: Error, Sendable, Equatable {
  /// What is wrong with the operation, and what it should say instead.
  public let message: String

  /// An error that says `message`.
  public init(_ message: String) {
    self.message = message
  }
}

/// A model made of closures: an app's own reducer (the one its `Store` runs) as the specification.
/// The checker calls the reducer at most once for each (state, action) pair its cache holds, so
/// the reducer must depend on its arguments alone, as a store's does.
///
/// ```swift
/// let model = ReducerModel(initialState: Counter.State(), reducer: Counter.reducer) { operation in
///   switch operation.function { … }
/// }
/// ```
public struct ReducerModel<State: Hashable & Sendable, Action: Sendable & CustomStringConvertible>: LinearizabilityModel {
  public let initialState: State
  @usableFromInline let reducer: @Sendable (State, Action) throws -> State
  private let mapping: @Sendable (HistoryOperation) throws(OperationError) -> Action?
  private let partitioning: @Sendable (HistoryOperation) -> EDNValue?

  /// A model whose specification is `reducer`, fed the actions `mapping` makes of operations,
  /// split into parts by `partition` (all together by default).
  public init(
    initialState: State,
    reducer: @escaping @Sendable (State, Action) throws -> State,
    partition: @escaping @Sendable (HistoryOperation) -> EDNValue? = { _ in nil },
    mapping: @escaping @Sendable (HistoryOperation) throws(OperationError) -> Action?
  ) {
    self.initialState = initialState
    self.reducer = reducer
    self.mapping = mapping
    self.partitioning = partition
  }

  public func action(for operation: HistoryOperation) throws(OperationError) -> Action? {
    try mapping(operation)
  }

  @inlinable public func reduce(_ state: State, _ action: Action) throws -> State {
    try reducer(state, action)
  }

  public func partition(of operation: HistoryOperation) -> EDNValue? {
    partitioning(operation)
  }
}
