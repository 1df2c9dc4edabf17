import TestSupport
import Testing
@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession

/// Time travel over the Animals sample, whose listener dispatches what its persistent store answers.
@MainActor @Suite(.timeLimit(.minutes(10))) struct SampleListenerCommandTests {
  @Test func undoTakesBackWhatListenersDispatchedAndSaysSideEffectsStay() async throws {
    let shell = try await startedShell("animals")
    _ = await shell.run("dispatch categoryList.onAppear")
    let lines = await shell.texts("undo")
    #expect(lines.first == "undid 1: ui.categoryList.onAppear and 1 action its listeners dispatched")
    #expect(lines.last == "the state only moved: what listeners already did (database rows, requests) stays done")
    #expect(await shell.texts("select selectCategoriesStatus") == ["nil"])
  }
}
