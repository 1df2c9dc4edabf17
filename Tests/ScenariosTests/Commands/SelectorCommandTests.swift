@testable import ReplShellCommands
import TestSupport
import Testing
@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession

/// `select`, `watch`, `unwatch` and `expect`: the commands that evaluate selectors.
@MainActor @Suite(.timeLimit(.minutes(10))) struct SelectorCommandTests {
  @Test func selectAndWatchParseOneCall() throws {
    #expect(try parsed("select selectValue", as: SelectCommand.self)?.call.name == "selectValue")
    #expect(try parsed("watch selectValue", as: WatchCommand.self)?.call.name == "selectValue")
    #expect(parseError("watch")?.message == "watch needs a selector: type `selectors` for the list, or press Tab")
  }

  @Test func selectPrintsTheOutputAndNamesUnknownSelectors() async throws {
    let shell = try await startedShell()
    #expect(await shell.texts("select selectValue") == ["0"])
    #expect(await shell.texts("select selectValu") == ["error: column 8: unknown selector `selectValu`: did you mean `selectValue`?"])
  }

  @Test func watchPrintsChangesUntilUnwatched() async throws {
    let shell = try await startedShell()
    #expect(await shell.texts("watch selectValue") == ["watching selectValue → 0"])
    #expect(await shell.texts("dispatch didTapIncrementButton").last == "watch selectValue → 1")
    #expect(await shell.texts("unwatch selectValue") == ["stopped watching selectValue"])
    #expect(await shell.texts("dispatch didTapIncrementButton").last != "watch selectValue → 2")
    #expect(await shell.texts("unwatch") == ["nothing was watched"])
  }

  @Test func unwatchingWhatIsNotWatchedSaysWhatIs() async throws {
    let shell = try await startedShell()
    #expect(await shell.texts("unwatch selectValue") == ["error: `selectValue` is not watched; watched: none"])
  }

  @Test func expectParsesBothForms() throws {
    guard case .selector(let predicate) = try #require(try parsed("expect selectValue == 1", as: ExpectCommand.self)).assertion else {
      Issue.record("not a selector expectation")
      return
    }
    #expect(predicate.call.name == "selectValue" && predicate.comparison == .equal)
    guard case .error = try #require(try parsed("expect error didTapIncrementButton", as: ExpectCommand.self)).assertion else {
      Issue.record("not an error expectation")
      return
    }
    #expect(parseError("expect selectValue 1")?.message.contains("`==`") == true)
  }

  @Test func expectPassesOrFailsWithTheActualValue() async throws {
    let shell = try await startedShell()
    #expect(await shell.texts("expect selectValue == 0") == ["ok"])
    let failed = await shell.run("expect selectValue == 3")
    #expect(!failed.succeeded)
    #expect(failed.lines.map(\.text) == ["error: column 8: expectation failed: selectValue == 3", "  actual: 0"])
  }

  @Test func expectErrorFailsWhenTheReducerAccepts() async throws {
    let result = try await startedShell().run("expect error didTapIncrementButton")
    #expect(result.lines.last?.text == "error: column 14: expected the reducer to reject the action, but it accepts it (nothing was dispatched: the state and history are unchanged)")
  }

  @Test func completesSelectorsAndTheirArguments() async throws {
    let shell = try await startedShell()
    #expect(shell.candidates("watch sel") == ["selectValue"])
    #expect(shell.candidates("expect sel") == ["selectValue"])
    #expect(shell.candidates("expect error didTapD") == ["didTapDecrementButton"])
  }
}
