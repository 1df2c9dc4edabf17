/// What the user did in the Counter app.
public enum CounterAction: Hashable, Codable, Sendable {
  case didTapIncrementButton
  case didTapDecrementButton
}
