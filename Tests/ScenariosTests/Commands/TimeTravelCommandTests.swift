import Foundation
import ReplShellDomain
@testable import ReplShellHost
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// `undo`, `redo` and `jump`: the state moves along the history, and nothing is dispatched.
@MainActor @Suite(.timeLimit(.minutes(10))) struct TimeTravelCommandTests {
  /// A counter shell after three increments.
  private func counted() async throws -> Shell {
    let shell = try await startedShell()
    for _ in 1...3 { _ = await shell.run("dispatch didTapIncrementButton") }
    return shell
  }

  @Test func undoTakesBackTheLastDispatchAndRedoMovesForward() async throws {
    let shell = try await counted()
    #expect(await shell.texts("undo").first == "undid 3: didTapIncrementButton")
    #expect(await shell.texts("select selectValue") == ["2"])
    #expect(await shell.texts("redo").first == "redid 3: didTapIncrementButton")
    #expect(await shell.texts("select selectValue") == ["3"])
    #expect(await shell.texts("redo") == ["error: nothing to redo"])
  }

  @Test func aDispatchAfterUndoDropsWhatCouldBeRedone() async throws {
    let shell = try await counted()
    _ = await shell.run("undo")
    _ = await shell.run("dispatch didTapDecrementButton")
    #expect(await shell.texts("select selectValue") == ["1"])
    #expect(await shell.texts("redo") == ["error: nothing to redo"])
    #expect(await shell.texts("history") == ["1  didTapIncrementButton", "2  didTapIncrementButton", "3  didTapDecrementButton"])
  }

  @Test func undoBeforeAnyDispatchIsRefused() async throws {
    let shell = try await startedShell()
    #expect(await shell.texts("undo") == ["error: nothing to undo: no action dispatched yet"])
    #expect(!(await shell.run("undo")).succeeded)
  }

  @Test func jumpMarksLaterEntriesUndoneAndMovesEitherWay() async throws {
    let shell = try await counted()
    #expect(await shell.texts("jump 1").first == "jumped to 1: didTapIncrementButton")
    #expect(await shell.texts("history") == [
      "1  didTapIncrementButton", "── now: the state after 1 ──",
      "2  didTapIncrementButton   (undone)", "3  didTapIncrementButton   (undone)",
    ])
    #expect(await shell.texts("jump 0").first == "jumped to 0: the initial state")
    #expect(await shell.texts("jump 3").first == "jumped to 3: didTapIncrementButton")
    #expect(await shell.texts("state") == ["CounterState(value: 3)"])
  }

  @Test func jumpChecksItsNumber() async throws {
    let shell = try await counted()
    #expect(await shell.texts("jump 4") == ["error: column 6: no history entry 4: jump takes 0 (the initial state) to 3"])
    #expect(parseError("jump x")?.message == "expected a history entry number such as `3`, found `x`")
    #expect(parseError("jump")?.message == "jump needs a history entry number, e.g. `jump 0` (type `history` for the numbers)")
    #expect(parseError("jump 1 2")?.message == "jump takes one number; remove `2`")
    #expect(parseError("undo now")?.message == "`undo` takes no arguments; remove `now`")
    #expect(shell.candidates("jump ") == ["0", "1", "2", "3"])
  }

  @Test func watchesReadTheStateTravelledTo() async throws {
    let shell = try await counted()
    _ = await shell.run("watch selectValue")
    #expect(await shell.texts("undo").last == "watch selectValue → 2")
  }

  @Test func undoWhileAListenerStillWorksTakesBackTheDispatchAndTheLateActionFollowsTheUndoneState() async throws {
    let gate = ChoreGate()
    let chores = Domain.chores(settleTimeout: .milliseconds(100), chore: .zero, gate: gate)
    let shell = Shell(domains: [chores], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    // The domain's own timeout is what this test is about, whatever REPLSHELL_SETTLE_TIMEOUT says
    // (`make test` gives the suite ten minutes, a hang guard for a loaded machine).
    shell.settings.settleTimeout = nil
    _ = try await shell.start(domain: "chores")
    let started = await shell.run(#"dispatch didStartChore(name: "dishes")"#)
    #expect(started.lines.last?.text.contains("still at work") == true, "the listener is still at work when the dispatch returns")
    #expect(await shell.texts("undo").first == #"undid 1: didStartChore(name: "dishes")"#)
    #expect(await shell.texts("select selectCount") == ["0"])
    gate.open()
    // Each `settle` waits the domain's 100 ms at most; on a loaded machine the listener may need
    // several: the signal is a `settle` that succeeds, asked a bounded number of times.
    var settled = false
    for _ in 0..<600 where !settled {
      settled = await shell.run("settle").succeeded
    }
    #expect(settled, "the listener finishes once its chore may")
    // The listener's late action is a new dispatch on the undone state: it drops what was undone.
    #expect(await shell.texts("select selectCount") == ["1"])
    #expect(await shell.texts("history") == ["1  ↳ didFinishChore   (listener)"])
    #expect(await shell.texts("redo") == ["error: nothing to redo"])
    await shell.close()
  }
}
