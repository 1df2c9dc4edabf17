@testable import ReplShellCommands
import StateValues
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The commands about the session itself: `state`, `history`, `diff`, `settle`, `reset`, `debug`,
/// `domains`, `actions`, `selectors` and `quit`.
@MainActor @Suite(.timeLimit(.minutes(10))) struct SessionCommandTests {
  @Test func commandsWithoutArgumentsRejectThem() {
    for word in ["domains", "selectors", "diff", "settle", "reset", "quit"] {
      #expect(parseError("\(word) now")?.message == "`\(word)` takes no arguments; remove `now`", "\(word)")
      #expect(parseError("\(word) now")?.column == word.count + 2, "\(word)")
    }
  }

  @Test func stateWalksLabelsAndNamesWhatIsThere() async throws {
    let shell = try await startedShell()
    #expect(try parsed("state a.b", as: StateCommand.self)?.path == StatePath([.name("a"), .name("b")]))
    #expect(await shell.texts("state nope").first?.hasPrefix("error: column 7: the state has no `nope`: it has") == true)
  }

  @Test func historyAndDiffSayWhenNothingWasDispatched() async throws {
    let shell = try await startedShell()
    #expect(await shell.texts("history") == ["no actions dispatched yet"])
    #expect(await shell.texts("diff") == ["nothing dispatched yet"])
  }

  @Test func settleAndResetStartAfresh() async throws {
    let shell = try await startedShell()
    _ = await shell.run("dispatch didTapIncrementButton")
    #expect(await shell.texts("settle") == ["settled"])
    #expect(await shell.texts("reset") == ["reset counter to a fresh store"])
    #expect(await shell.texts("select selectValue") == ["0"])
  }

  @Test func debugParsesCategoriesAndFlags() throws {
    let command = try #require(try parsed("debug effects on", as: DebugCommand.self))
    #expect(command.category == "effects" && command.enabled == true)
    #expect(try parsed("debug off", as: DebugCommand.self)?.enabled == false)
    #expect(parseError("debug effects maybe")?.message == "expected `on` or `off`, found `maybe`")
  }

  @Test func debugSwitchesCategoriesAndCompletesThem() async throws {
    let shell = try await startedShell()
    #expect(await shell.texts("debug actions on").first == "actions: on")
    #expect(await shell.texts("debug nope").first?.hasPrefix("error: unknown debug category `nope`") == true)
    #expect(shell.candidates("debug sel") == ["selectors"])
  }

  @Test func listingsComeFromTheRunningDomain() async throws {
    let shell = try await startedShell()
    #expect(await shell.texts("actions didTapDec") == ["didTapDecrementButton"])
    #expect(await shell.texts("actions nothingLikeThis").first?.hasPrefix("error: column 9: no action case matches `nothingLikeThis`") == true)
    #expect(await shell.texts("selectors").contains { $0.hasPrefix("selectValue") })
    #expect(await shell.texts("domains").first?.hasPrefix("counter (running)") == true)
  }

  @Test func quitEndsTheShell() async throws {
    #expect(await (try startedShell()).run("quit").quit)
  }
}
