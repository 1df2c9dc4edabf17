import CounterData
import ReplShell
import ReplShellDomain

/// A shell whose Counter is the sample's after a refactor that went wrong on one rare path: a
/// decrement at -3 leaves the count where it is. `explore --against` tests run the real
/// `replshell` against it, so a divergence is found, shrunk, reported and saved end to end.
@main struct AgainstFixtureShell: ReplShellApp {
  static let domains: [Domain] = [
    Domain(
      name: "counter",
      summary: "the Counter, with a floor at -3 its refactor put there by mistake",
      initialState: { CounterState() },
      reducer: { state, action in
        if action == .didTapDecrementButton, CounterState.selectValue()(state) == -3 { return state }
        return CounterReducer.reduce(state: state, action: action)
      },
      actionExamples: [CounterAction.didTapIncrementButton, .didTapDecrementButton],
      selectors: [SelectorDefinition("selectValue") { CounterState.selectValue() }])
  ]
}
