import Foundation
import ReplShellDomain
import ReplShellHost
import ReplShellSession
import Scenarios
import TestSupport
import Testing
@testable import ReplShell

/// A reducer that traps during `explore` ends the process; before the runtime's report, a note
/// names the explore and its seed. Run in a child process (an exit test).
@Suite(.timeLimit(.minutes(10))) struct ReducerTrapTests {
  @Test func aTrapDuringExploreIsNamedBeforeTheProcessEnds() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await ReducerTrapTests.exploreATrappingCounter()
    }
    let standardError = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(standardError.contains("replshell: the trapping reducer trapped during `explore` (seed 1), which ends the shell; `explore --seed 1 --jobs 1` from the same state repeats it"))
  }

  /// Without the executable's watch, the engine installs nothing: the trap ends the process
  /// with the runtime's report alone.
  @Test func theEngineAloneNotesNothing() async throws {
    let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await ReducerTrapTests.exploreATrappingCounter(watched: false)
    }
    #expect(!String(decoding: result.standardErrorContent, as: UTF8.self).contains("trapped during `explore`"))
  }

  @MainActor static func exploreATrappingCounter(watched: Bool = true) async {
    if watched { ReducerTrapNote.watchExplore() }
    let trapping = Domain(
      name: "trapping", summary: "a counter whose reducer traps at 3",
      initialState: { TrapCounterState() },
      reducer: { (state: TrapCounterState, action: TrapCounterAction) -> TrapCounterState in
        var state = state
        state.value += action == .didTapIncrementButton ? 1 : -1
        precondition(state.value != 3, "the counter reached 3")
        return state
      },
      actionExamples: [TrapCounterAction.didTapIncrementButton, .didTapDecrementButton],
      selectors: [SelectorDefinition("selectValue") { { (state: TrapCounterState) in state.value } }])
    let shell = Shell(domains: [trapping], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try? await shell.start(domain: "trapping")
    _ = await shell.run("explore --seed 1 --runs 1000")
  }
}

/// The counter the trapping reducer counts with.
enum TrapCounterAction: Codable, Equatable, Sendable {
  case didTapIncrementButton
  case didTapDecrementButton
}

/// Its state.
struct TrapCounterState: Codable, Equatable, Sendable {
  var value = 0
}
