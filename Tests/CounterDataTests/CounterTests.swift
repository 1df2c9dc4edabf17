import CounterData
import ImmutableData
import Testing

@Suite struct CounterReducerTests {
  @Test func incrementAddsOne() {
    #expect(CounterReducer.reduce(state: CounterState(41), action: .didTapIncrementButton) == CounterState(42))
  }

  @Test func decrementSubtractsOneAndMayGoNegative() {
    #expect(CounterReducer.reduce(state: CounterState(), action: .didTapDecrementButton) == CounterState(-1))
  }

  @Test func defaultStateIsZero() {
    #expect(CounterState().value == 0)
  }

  @Test func selectValueReadsTheCount() {
    #expect(CounterState.selectValue()(CounterState(9)) == 9)
  }

  @MainActor @Test func aStoreDrivesTheCounter() throws {
    let store = Store(initialState: CounterState(), reducer: CounterReducer.reduce)
    try store.dispatch(action: .didTapIncrementButton)
    try store.dispatch(action: .didTapIncrementButton)
    try store.dispatch(action: .didTapDecrementButton)
    #expect(store.select(CounterState.selectValue()) == 1)
  }
}
