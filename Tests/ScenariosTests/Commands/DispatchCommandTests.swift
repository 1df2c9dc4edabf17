@testable import ReplShellCommands
import TestSupport
import Testing
@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession

@MainActor @Suite(.timeLimit(.minutes(10))) struct DispatchCommandTests {
  @Test func parsesAnActionPathWithArguments() throws {
    let command = try #require(try parsed(#"dispatch list.onTap(id: "A")"#, as: DispatchCommand.self))
    guard case .member(false, let path, let arguments?) = command.action.value else {
      Issue.record("not a member: \(command.action)")
      return
    }
    #expect(path == ["list", "onTap"])
    #expect(arguments.map(\.label) == ["id"])
  }

  @Test func needsAnAction() {
    #expect(parseError("dispatch ")?.message == "dispatch needs an action: type `actions` for the list, or press Tab")
  }

  @Test func completesActionPaths() async throws {
    #expect(try await startedShell().candidates("dispatch didTapInc") == ["didTapIncrementButton"])
  }

  @Test func printsTheDiffAndRecordsHistory() async throws {
    let shell = try await startedShell()
    let result = await shell.run("dispatch didTapIncrementButton")
    #expect(result.succeeded)
    #expect(result.lines.contains { $0.kind == .removed } && result.lines.contains { $0.kind == .added })
    #expect(await shell.texts("history") == ["1  didTapIncrementButton"])
    #expect(await shell.texts("diff") == result.lines.map(\.text))
  }

  @Test func anUnknownActionIsAnErrorThatLeavesTheStateAlone() async throws {
    let shell = try await startedShell()
    #expect(!(await shell.run("dispatch didTapNothing")).succeeded)
    #expect(await shell.texts("select selectValue") == ["0"])
  }
}
