import Testing
@_spi(Internals) @testable import Scenarios

/// `hide`: matching actions are reduced but print nothing; `history` marks them; `debug actions`
/// shows them again.
@MainActor @Suite(.timeLimit(.minutes(3))) struct HideCommandTests {
  @Test func parsesAPathAndRejectsTheRest() throws {
    #expect(try parsed("hide .timer.didTick", as: HideCommand.self)?.pattern == ["timer", "didTick"])
    #expect(try parsed("hide", as: HideCommand.self)?.pattern == nil)
    #expect(parseError("hide a b")?.message == "hide takes one action case path or prefix; remove `b`")
    #expect(parseError("hide a(")?.message.hasPrefix("expected an action case path") == true)
  }

  @Test func aHiddenActionIsReducedQuietlyAndMarkedInTheHistory() async throws {
    let shell = try await stampShell()
    #expect(await shell.texts("hide timer") == ["hiding 1 action case: timer.didTick"])
    #expect(await shell.texts("dispatch didTick") == [])
    #expect(await shell.texts("state ticks") == ["1"])
    _ = await shell.execute("dispatch didStamp(note: \"a\")")
    #expect(await shell.texts("history") == ["1  timer.didTick   (hidden)", "2  didStamp(note: \"a\")"])
    #expect(await shell.texts("hide") == ["hidden: timer"])
  }

  @Test func aSuffixOrAnyRunOfComponentsMatches() async throws {
    let shell = try await stampShell()
    #expect(await shell.texts("hide didTick") == ["hiding 1 action case: timer.didTick"])
    #expect(await shell.texts("hide nothing").first?.hasPrefix("error: column 6: no action case matches `nothing`") == true)
  }

  @Test func debugActionsShowsHiddenActionsAgain() async throws {
    let shell = try await stampShell()
    _ = await shell.execute("hide timer.didTick")
    _ = await shell.execute("debug actions on")
    let lines = await shell.texts("dispatch didTick")
    #expect(lines.first == "[actions] timer.didTick")
    #expect(lines.contains("+   ticks: 1"))
  }
}
