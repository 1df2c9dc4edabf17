/// The pure function that moves the Counter domain from one state to the next.
public enum CounterReducer {
  /// Increments or decrements `state.value` by one.
  @Sendable public static func reduce(state: CounterState, action: CounterAction) -> CounterState {
    var state = state
    switch action {
    case .didTapIncrementButton:
      state.value += 1
    case .didTapDecrementButton:
      state.value -= 1
    }
    return state
  }
}
