import StateValues
/// Takes the current state now, to be encoded as a `Value` when the returned function is called,
/// on any thread: a large state is written out without holding the main actor (the inspector's
/// tree, Tab's paths).
public struct StateEncodingReader: SessionReader {
  /// A read that cannot fail; the encoding can, when it runs.
  public typealias Failure = Never

  /// A reader of the state.
  public init() {}

  /// The state's encoding, to run later.
  public func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) -> @Sendable () throws(CommandError) -> Value {
    session.stateEncoding()
  }
}
