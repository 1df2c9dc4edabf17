/// Reads how many entries the history lists and the position of each entry the state has
/// applied, by serial: what `jump` completes, `save` and `explore --save` write and the
/// inspector shows.
public struct HistoryPositionReader: SessionReader {
  /// A read that cannot fail.
  public typealias Failure = Never

  /// A reader of the history's position.
  public init() {}

  /// The history's position now.
  public func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) -> HistoryPosition {
    session.timeline.historyPosition
  }
}
