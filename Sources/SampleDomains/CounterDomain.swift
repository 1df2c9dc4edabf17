import CounterData
import ReplShell
import ReplShellDomain

extension Domain {
  /// The Counter sample: one integer, incremented and decremented.
  public static let counter = Domain(
    name: "counter",
    summary: "the hello world: one integer, incremented and decremented",
    initialState: { CounterState() },
    reducer: CounterReducer.reduce,
    actionExamples: [CounterAction.didTapIncrementButton, .didTapDecrementButton],
    selectors: [
      SelectorDefinition("selectValue") { CounterState.selectValue() }
    ])
}
