@testable import ReplShellCommands
import TestSupport
import Testing
@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession

/// `hide` and `unhide`: the one action pattern; an action typed still prints; `debug actions`
/// shows hidden ones again. (A listener's hidden action: `LanguageTests` in SampleDomainsTests.)
@MainActor @Suite(.timeLimit(.minutes(10))) struct HideCommandTests {
  @Test func parsesAPathAndRejectsTheRest() throws {
    #expect(try parsed("hide .timer.didTick", as: HideCommand.self)?.pattern?.components == ["timer", "didTick"])
    #expect(try parsed("hide", as: HideCommand.self)?.pattern == nil)
    #expect(parseError("hide a b")?.message == "hide takes one action pattern; remove `b`")
    #expect(parseError("hide a(")?.message.hasPrefix("expected an action pattern") == true)
  }

  @Test func aTypedActionPrintsEvenWhenHidden() async throws {
    let shell = try await stampShell()
    #expect(await shell.texts("hide timer") == ["hiding 1 action case: timer.didTick"])
    #expect(await shell.texts("dispatch didTick").contains("+   ticks: 1"))
    _ = await shell.run("dispatch didStamp(note: \"a\")")
    #expect(await shell.texts("history") == ["1  timer.didTick", "2  didStamp(note: \"a\")"])
    #expect(await shell.texts("hide") == ["hidden: timer"])
  }

  @Test func aPatternIsNamesInARowTheLastAStartOfAName() async throws {
    let shell = try await stampShell()
    #expect(await shell.texts("hide didTick") == ["hiding 1 action case: timer.didTick"])
    #expect(await shell.texts("hide didT") == ["hiding 1 action case: timer.didTick"])
    #expect(await shell.texts("hide tim") == ["hiding 1 action case: timer.didTick"])
    #expect(await shell.texts("hide nothing").first?.hasPrefix("error: column 6: no action case matches `nothing`") == true)
    #expect(await shell.texts("hide") == ["hidden: didTick", "hidden: didT", "hidden: tim"])
  }

  @Test func unhideDropsOnePatternOrAll() async throws {
    let shell = try await stampShell()
    _ = await shell.run("hide didTick")
    _ = await shell.run("hide timer")
    #expect(await shell.texts("unhide timer") == ["showing `timer` again"])
    #expect(await shell.texts("unhide nope") == ["error: column 8: `nope` is not hidden; hidden: `didTick`"])
    #expect(await shell.texts("unhide") == ["showing every action again (1 pattern dropped)"])
    #expect(await shell.texts("hide") == ["no actions are hidden"])
    #expect(await shell.texts("unhide") == ["no actions are hidden"])
  }

  @Test func patternsMatchCasePaths() throws {
    let pattern = try ActionPattern(parsing: "animalList.onTap", column: 1)
    #expect(pattern.matches(["ui", "animalList", "onTapDeleteSelectedAnimalButton"]))
    #expect(!pattern.matches(["ui", "animalEditor", "onTapAddAnimalButton"]))
    #expect(!pattern.matches(["animalList"]))
    #expect(try ActionPattern(parsing: "ui", column: 1).matches(["ui", "animalEditor", "onAppear"]))
    #expect(try ActionPattern(parsing: "onTap", column: 1).matches(text: "ui.animalList.onTapAddAnimalButton(name: \"a.b\")"))
    #expect(!(try ActionPattern(parsing: "b", column: 1).matches(text: "ui.a(name: \"x.b\")")))
  }

  @Test func debugActionsShowsHiddenActionsAgain() async throws {
    let shell = try await stampShell()
    _ = await shell.run("hide timer.didTick")
    _ = await shell.run("debug actions on")
    let lines = await shell.texts("dispatch didTick")
    #expect(lines.first == "[actions] timer.didTick")
    #expect(lines.contains("+   ticks: 1"))
  }
}
