import Foundation
import Testing
@_spi(Internals) @testable import Scenarios

/// A reducer that traps during `explore` ends the process; before the runtime's report, a note
/// names the explore and its seed. Run in a child process (an exit test).
@Suite(.timeLimit(.minutes(3))) struct ReducerTrapTests {
  @Test func aTrapDuringExploreIsNamedBeforeTheProcessEnds() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await ReducerTrapTests.exploreATrappingCounter()
    }
    let standardError = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(standardError.contains("replshell: the trapping reducer trapped during `explore` (seed 1), which ends the shell; `explore --seed 1 --jobs 1` from the same state repeats it"))
  }

  @MainActor static func exploreATrappingCounter() async {
    let trapping = Domain(
      name: "trapping", summary: "a counter whose reducer traps at 3",
      initialState: { CounterState() },
      reducer: { (state: CounterState, action: CounterAction) -> CounterState in
        var state = state
        state.value += action == .didTapIncrementButton ? 1 : -1
        precondition(state.value != 3, "the counter reached 3")
        return state
      },
      actionExamples: [CounterAction.didTapIncrementButton, .didTapDecrementButton],
      selectors: [SelectorDefinition("selectValue") { { (state: CounterState) in state.value } }])
    let shell = Shell(domains: [trapping], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try? await shell.start(domain: "trapping")
    _ = await shell.execute("explore --seed 1 --runs 1000")
  }
}
