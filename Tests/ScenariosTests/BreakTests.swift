import Foundation
@testable import ReplShellHost
import SessionProtocol
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// `break when <predicate>`: a breakpoint stops a script's line at the first dispatch that makes
/// its predicate true, once per crossing; typed, the stop is marked and the session goes on;
/// `break`, `break clear [N]` and the errors; a listener's dispatch stops the line it followed;
/// `explore` reports reaching one as a finding.
@MainActor @Suite(.timeLimit(.minutes(10))) struct BreakTests {
  @Test func aScriptLineStopsWithItsLocationAndTheEntryOnce() async throws {
    let shell = try await startedShell()
    #expect(await shell.texts("break when selectValue == 2") == ["break 1: stops at the first dispatch that makes selectValue == 2 true"])
    #expect(await shell.run("dispatch didTapIncrementButton", location: "s.txt:3").succeeded)
    let stopped = await shell.run("dispatch didTapIncrementButton", location: "s.txt:4")
    #expect(!stopped.succeeded)
    #expect(stopped.events.contains(.breakpoint(BreakEvent(
      number: 1, predicate: "selectValue == 2", action: "didTapIncrementButton", origin: .script, entry: 2, location: "s.txt:4", value: "2",
      chain: ["← caused by s.txt:4"]))))
    #expect(stopped.lines.last?.text == "error: s.txt:4: stopped by break 1 (selectValue == 2) at #2 didTapIncrementButton; the rest of the script did not run")
    // Still true after the next dispatch? It went 2 → 3: false, no stop; 3 → 2 is a new crossing.
    #expect(await shell.run("dispatch didTapIncrementButton", location: "s.txt:5").succeeded)
    #expect(!(await shell.run("dispatch didTapDecrementButton", location: "s.txt:6").succeeded))
    await shell.close()
  }

  @Test func aBreakThatStaysTrueDoesNotFireAgain() async throws {
    let shell = try await startedShell()
    _ = await shell.run("break when selectValue >= 1")
    #expect(!(await shell.run("dispatch didTapIncrementButton", location: "s.txt:2").succeeded))
    #expect(await shell.run("dispatch didTapIncrementButton", location: "s.txt:3").succeeded)
    #expect(await shell.run("dispatch didTapIncrementButton", location: "s.txt:4").succeeded)
    await shell.close()
  }

  @Test func typedTheStopIsMarkedAndTheSessionGoesOn() async throws {
    let shell = try await startedShell()
    _ = await shell.run("break when selectValue == 1")
    let typed = await shell.run("dispatch didTapIncrementButton")
    #expect(typed.succeeded)
    #expect(typed.lines.map(\.text).contains("■ break 1 (selectValue == 1) at #1 didTapIncrementButton"))
    #expect(await shell.texts("state") == ["CounterState(value: 1)"])
    #expect(await shell.run("undo").succeeded)
    #expect(await shell.texts("history").first == "── now: the initial state ──")
    #expect(await shell.run("jump 1").succeeded)
    await shell.close()
  }

  @Test func listingClearingAndErrors() async throws {
    let shell = try await startedShell()
    #expect(await shell.texts("break") == ["no breakpoints: set one with `break when <selector> == <value>`"])
    _ = await shell.run("break when selectValue == 1")
    _ = await shell.run("break when selectValue > 5")
    #expect(await shell.texts("break") == ["1  break when selectValue == 1", "2  break when selectValue > 5"])
    #expect(await shell.texts("break clear 1") == ["cleared break 1"])
    #expect(await shell.texts("break clear 1") == ["error: column 13: no breakpoint 1: `break` lists them (2)"])
    #expect(await shell.texts("break clear") == ["cleared 1 breakpoint"])
    #expect(parseError("break whn selectValue == 1")?.message.contains("did you mean `break when`?") == true)
    #expect(parseError("break clear x")?.column == 13)
    #expect(parseError("break when")?.message.contains("break when needs a predicate") == true)
    #expect(await shell.texts("break when selectVal == 1").first?.contains("did you mean `selectValue`?") == true)
    #expect(shell.candidates("break w") == ["when"])
    #expect(shell.candidates("break when sel") == ["selectValue"])
    await shell.close()
  }

  @Test func aListenersDispatchStopsTheLineItFollowed() async throws {
    let shell = Shell(domains: [.signals], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "signals")
    _ = await shell.run("break when selectCount == 2")
    // `ping` makes the count 1; the listener's `pong` makes it 2.
    let result = await shell.run("dispatch ping", location: "s.txt:3")
    #expect(!result.succeeded)
    #expect(result.events.contains(.breakpoint(BreakEvent(
      number: 1, predicate: "selectCount == 2", action: "pong", origin: .listener, entry: 2, location: "s.txt:3", value: "2",
      chain: ["← caused by #1 ping", "← caused by s.txt:3"]))))
    await shell.close()
  }

  @Test func exploreReportsABreakReachedAsAFinding() async throws {
    let shell = try await startedShell()
    _ = await shell.run("break when selectValue == 3")
    let result = await shell.run("explore --seed 7 --runs 20", location: "s.txt:2")
    #expect(!result.succeeded)
    let texts = result.lines.map(\.text)
    #expect(texts.contains { $0.hasPrefix("break 1 (selectValue == 3) reached in run") })
    #expect(texts.last?.hasPrefix("error: s.txt:2: explore reached break 1 (selectValue == 3)") == true)
    await shell.close()
  }
}
