/// The Counter domain's global state: one integer.
public struct CounterState: Hashable, Codable, Sendable {
  package var value: Int

  /// Creates a counter that starts at `value`.
  public init(_ value: Int = 0) {
    self.value = value
  }
}

extension CounterState {
  /// Selects the current count.
  public static func selectValue() -> @Sendable (Self) -> Int {
    { state in state.value }
  }
}
