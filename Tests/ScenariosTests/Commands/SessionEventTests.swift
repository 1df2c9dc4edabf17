import Foundation
import SessionProtocol
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// What a session does goes out as events on one ordered stream, and each line's result renders
/// its own: no command collects another part's output.
@MainActor @Suite(.timeLimit(.minutes(10))) struct SessionEventTests {
  /// The dispatch events of `events`.
  private func dispatches(_ events: [SessionEvent]) -> [DispatchEvent] {
    events.compactMap { if case .dispatched(let dispatch) = $0 { dispatch } else { nil } }
  }

  @Test func aTypedDispatchIsTheUsersAndAScriptLineIsTheScripts() async throws {
    let shell = try await startedShell()
    let typed = await shell.run("dispatch didTapIncrementButton")
    #expect(typed.events.first == .command(CommandEvent(line: "dispatch didTapIncrementButton", domain: "counter")))
    let dispatch = try #require(dispatches(typed.events).first)
    #expect(dispatch.origin == .user)
    #expect(dispatch.action == "didTapIncrementButton")
    #expect(dispatch.diff?.map(\.text) == ["  CounterState(", "-   value: 0", "+   value: 1", "  )"])
    #expect(typed.lines.map(\.text) == ["  CounterState(", "-   value: 0", "+   value: 1", "  )"])
    let scripted = await shell.run("dispatch didTapIncrementButton", location: "a.txt:2")
    #expect(dispatches(scripted.events).map(\.origin) == [.script])
  }

  @Test func debugLinesAndWatchesFollowTheDispatchInTheirOrder() async throws {
    let shell = try await startedShell()
    for line in ["debug actions on", "debug state on", "debug selectors on", "watch selectValue"] {
      _ = await shell.run(line)
    }
    let result = await shell.run("dispatch didTapIncrementButton")
    #expect(result.lines.map(\.text) == [
      "[actions] didTapIncrementButton", "  CounterState(", "-   value: 0", "+   value: 1", "  )",
      "[state] CounterState(value: 1)", "[selectors] selectValue: recomputed", "watch selectValue → 1",
    ])
    #expect(result.events.contains(.watch(WatchEvent(selector: "selectValue", value: "1", lines: ["watch selectValue → 1"], json: .int(1)))))
  }

  @Test func timeTravelEmitsItsNoteAndDiff() async throws {
    let shell = try await startedShell()
    _ = await shell.run("dispatch didTapIncrementButton")
    #expect(await shell.texts("undo") == ["undid 1: didTapIncrementButton", "  CounterState(", "-   value: 1", "+   value: 0", "  )"])
    #expect(await shell.texts("redo").first == "redid 1: didTapIncrementButton")
    #expect(await shell.texts("jump 0").first == "jumped to 0: the initial state")
  }

  @Test func anExpectErrorTheReducerAcceptsFailsWithoutDispatching() async throws {
    let shell = try await startedShell()
    let result = await shell.run("expect error didTapIncrementButton")
    #expect(!result.succeeded)
    // No diff, no dispatch event: the reducer ran on a copy of the state.
    #expect(result.lines.map(\.text) == [
      "error: column 14: expected the reducer to reject the action, but it accepts it (nothing was dispatched: the state and history are unchanged)"
    ])
    #expect(!result.events.contains { if case .dispatched = $0 { true } else { false } })
    #expect(await shell.texts("select selectValue") == ["0"])
  }

  @Test func aListenersRejectedActionIsPrinted() async throws {
    let shell = try await signalShell()
    let result = await shell.run("dispatch provoke")
    #expect(result.lines.map(\.text).last == "error: ↳ refused rejected: refused on purpose")
    #expect(dispatches(result.events).last == DispatchEvent(action: "refused", origin: .listener, diff: nil, rejection: "refused on purpose"))
    #expect(result.succeeded)
  }

  @Test func listenerWarningsAndErrorsPrintWithoutDebugEffects() async throws {
    let shell = try await signalShell()
    let texts = await shell.texts("dispatch warn")
    #expect(texts.filter { $0.hasPrefix("[effects]") } == ["[effects] warning: running low", "[effects] error: ran out"])
    _ = await shell.run("debug effects on")
    #expect(await shell.texts("dispatch warn").filter { $0.hasPrefix("[effects]") } == [
      "[effects] a detail", "[effects] warning: running low", "[effects] error: ran out",
    ])
  }

  @Test func anActionMissingFromTheCatalogIsNotedOnce() async throws {
    let shell = try await signalShell()
    let texts = await shell.texts("dispatch hideAndSeek")
    let notes = texts.filter { $0.contains("not in the signals domain's action catalog") }
    #expect(notes == ["`unlisted` is not in the signals domain's action catalog: add an example of it to `actionExamples`, so that it can be typed, completed and listed"])
    #expect(texts.filter { $0 == "↳ unlisted   (listener)" }.count == 2)
    #expect(await shell.texts("dispatch hideAndSeek").allSatisfy { !$0.contains("action catalog") })
  }

  @Test func anExampleThatCannotBePrintedFailsUseWithItsType() async throws {
    let shell = try await signalShell()
    let texts = await shell.texts("use broken")
    #expect(texts.count == 1)
    #expect(texts.first?.hasPrefix("error: column 5: broken cannot start: an example in its actionExamples, a ScenariosTests.BrokenAction, cannot be printed") == true)
  }

  @Test func aSubscriberSeesEveryEventInOrder() async throws {
    let shell = try await startedShell()
    let stream = shell.events.subscribe()
    let result = await shell.run("dispatch didTapIncrementButton")
    await shell.close()
    var seen: [SessionEvent] = []
    for await event in stream { seen.append(event) }
    #expect(seen == result.events)
  }
}
