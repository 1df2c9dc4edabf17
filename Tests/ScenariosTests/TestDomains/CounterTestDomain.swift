import ReplShellDomain
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The actions of the engine's test counter, named as a counter app names them.
enum CounterAction: Codable, Equatable, Sendable {
  case didTapIncrementButton
  case didTapDecrementButton
}

/// The test counter's state: one integer.
struct CounterState: Codable, Equatable, Sendable {
  var value = 0
}

extension Domain {
  /// A counter for the engine's command tests, defined here so that they need no sample domain.
  static let testCounter = Domain(
    name: "counter", summary: "one integer, incremented and decremented",
    initialState: { CounterState() },
    reducer: { (state: CounterState, action: CounterAction) -> CounterState in
      var state = state
      switch action {
      case .didTapIncrementButton: state.value += 1
      case .didTapDecrementButton: state.value -= 1
      }
      return state
    },
    actionExamples: [CounterAction.didTapIncrementButton, .didTapDecrementButton],
    selectors: [SelectorDefinition("selectValue") { { (state: CounterState) in state.value } }])
}
