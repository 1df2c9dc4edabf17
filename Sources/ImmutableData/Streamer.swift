/// A type that publishes every dispatched action together with the state it replaced.
///
/// Listeners compare `oldState` with the current state to decide which side effects to start.
public protocol Streamer<State, Action>: Sendable {
  /// The state carried in each element.
  associatedtype State: Sendable
  /// The action carried in each element.
  associatedtype Action: Sendable
  /// The sequence of `(oldState, action)` pairs, in dispatch order.
  associatedtype Stream: AsyncSequence, Sendable
  where Self.Stream.Element == (oldState: Self.State, action: Self.Action)

  /// Starts a new stream that receives every action dispatched from now on.
  @MainActor func makeStream() -> Self.Stream
}
