/// A type that receives actions (and thunks) and funnels them through a reducer.
///
/// Every change to global state passes through `dispatch(action:)`; thunks carry the
/// imperative work (side effects) that does not belong in a pure reducer.
public protocol Dispatcher<State, Action>: Sendable {
  /// The state the reducer produces.
  associatedtype State: Sendable
  /// The events that describe what happened.
  associatedtype Action: Sendable
  /// The dispatcher a thunk receives, so it may dispatch further actions and thunks.
  associatedtype Dispatcher: ImmutableData.Dispatcher<Self.State, Self.Action>
  /// The selector a thunk receives, so it may read the current state.
  associatedtype Selector: ImmutableData.Selector<Self.State>

  /// Runs the reducer on the current state and `action`; a throwing reducer leaves the state as it was.
  @MainActor func dispatch(action: Action) throws

  /// Runs a synchronous thunk with this dispatcher and selector.
  @MainActor func dispatch(thunk: @Sendable (Self.Dispatcher, Self.Selector) throws -> Void) rethrows

  /// Runs an asynchronous thunk with this dispatcher and selector.
  @MainActor func dispatch(thunk: @Sendable (Self.Dispatcher, Self.Selector) async throws -> Void) async rethrows
}
