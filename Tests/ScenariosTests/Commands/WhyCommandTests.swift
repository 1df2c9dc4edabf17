import Foundation
@testable import ReplShellHost
import SessionProtocol
import StateValues
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The causal tree (each dispatch's id and cause), `why`, `history --tree` and `history --changed`.
@MainActor @Suite(.timeLimit(.minutes(10))) struct WhyCommandTests {
  /// A script-mode shell with the chain domain started.
  private func chainShell() async throws -> Shell {
    let shell = Shell(domains: [.chain], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "chain")
    return shell
  }

  /// The dispatch events of `result`.
  private func dispatches(_ result: Shell.Result) -> [DispatchEvent] {
    result.events.compactMap { if case .dispatched(let dispatch) = $0 { dispatch } else { nil } }
  }

  @Test func aListenerChainNamesEachCauseBackToTheTypedLine() async throws {
    let shell = try await chainShell()
    _ = await shell.run("dispatch rename(name: \"x\")")
    let events = dispatches(await shell.run("dispatch start"))
    #expect(events.map(\.entry) == [2, 3, 4, 5])
    #expect(events.map(\.cause) == [.typedLine(2), .entry(2), .entry(3), .entry(4)])
  }

  @Test func aScriptLineIsTheCauseByFileAndLine() async throws {
    let shell = try await chainShell()
    let events = dispatches(await shell.run("dispatch start", location: "flows/chain.txt:7"))
    #expect(events.first?.cause == .scriptLine("flows/chain.txt:7"))
    #expect(events.dropFirst().first?.cause == .entry(1))
  }

  @Test func anActionATaskTheListenerStartedDispatchedHasNoKnownCause() async throws {
    let shell = try await chainShell()
    let events = dispatches(await shell.run("dispatch spawn"))
    #expect(events.map(\.action) == ["spawn", "spawned"])
    #expect(events.map(\.cause) == [.typedLine(1), nil])
    #expect(await shell.texts("why spawned") == [
      "#2 ↳ spawned", "- 0", "+ 1",
      "  ← cause not known: dispatched by a task a listener started, not by its loop over the store's stream",
    ])
  }

  @Test func theJSONOfADispatchCarriesItsIdAndCauseAndReadsBack() async throws {
    let shell = try await chainShell()
    let result = await shell.run("dispatch start")
    let lines = result.events.map(SessionEventJSON.line(for:))
    #expect(lines.first { $0.contains("\"action\": \"start\"") }?.hasSuffix("\"id\": 1, \"cause\": {\"line\": 1}}") == true)
    #expect(lines.first { $0.contains("step(n: 1)") }?.hasSuffix("\"id\": 2, \"cause\": {\"entry\": 1}}") == true)
    for event in result.events {
      #expect(SessionEventJSON.event(from: SessionEventJSON.line(for: event)) == event)
    }
    let scripted = await shell.run("dispatch spawn", location: "a \"b\".txt:3").events
    let line = try #require(scripted.map(SessionEventJSON.line(for:)).first { $0.contains("\"action\": \"spawn\"") })
    #expect(line.hasSuffix("\"id\": 5, \"cause\": {\"location\": \"a \\\"b\\\".txt:3\"}}"))
    #expect(scripted.map(SessionEventJSON.line(for:)).first { $0.contains("\"spawned\"") }?.hasSuffix("\"cause\": null}") == true)
  }

  @Test func whyNamesTheLastChangeAndItsChainOfCauses() async throws {
    let shell = try await chainShell()
    _ = await shell.run("dispatch start")
    #expect(await shell.texts("why steps") == [
      "#4 ↳ step(n: 3)",
      "  [",
      "    … (2 unchanged)",
      "+   3",
      "  ]",
      "  ← caused by #3 ↳ step(n: 2)",
      "  ← caused by #2 ↳ step(n: 1)",
      "  ← caused by #1 start",
      "  ← caused by line 1",
    ])
  }

  @Test func aPathInsideAChangedArrayCountsOnlyTheEntriesThatChangedIt() async throws {
    let shell = try await chainShell()
    _ = await shell.run("dispatch start")
    // Every step changed the array; only the first changed its first element.
    #expect(await shell.texts("why --all steps[0]") == ["#2 ↳ step(n: 1)", "+ 1  // added", "  ← caused by #1 start", "  ← caused by line 1"])
    #expect(await shell.texts("why steps[1] --all").first == "#3 ↳ step(n: 2)")
    #expect(await shell.texts("history --changed steps[1]") == ["3  ↳ step(n: 2)   (listener)"])
    #expect(await shell.texts("history --changed steps") == ["2  ↳ step(n: 1)   (listener)", "3  ↳ step(n: 2)   (listener)", "4  ↳ step(n: 3)   (listener)"])
  }

  @Test func aPathNoEntryChangedSaysSoAndShowsItsValue() async throws {
    let shell = try await chainShell()
    _ = await shell.run("dispatch start")
    #expect(await shell.texts("why name") == ["`name` has not changed since the initial state: no applied entry changed it. It is:", "  \"first\""])
    #expect(await shell.texts("history --changed name") == ["no entry changed `name`"])
  }

  @Test func whyLooksAtTheAppliedEntriesOnly() async throws {
    let shell = try await chainShell()
    _ = await shell.run("dispatch rename(name: \"second\")")
    _ = await shell.run("dispatch rename(name: \"third\")")
    _ = await shell.run("undo")
    #expect(await shell.texts("why name") == [
      "#1 rename(name: \"second\")", "- \"first\"", "+ \"second\"", "  ← caused by line 1",
      "(1 undone entry is not counted: `why` looks at the state as it is now)",
    ])
    // `history --changed` lists the undone entry too, as `history` does.
    #expect(await shell.texts("history --changed name") == ["1  rename(name: \"second\")", "── now: the state after 1 ──", "2  rename(name: \"third\")   (undone)"])
  }

  @Test func anEntryWhoseDiffWasNeverComputedIsAnsweredFromThePartsAtThePath() async throws {
    let shell = try await chainShell()
    _ = await shell.run("hide step")
    _ = await shell.run("dispatch start")
    #expect(await shell.texts("why steps[2]").prefix(2) == ["#4 ↳ step(n: 3)", "+ 3  // added"])
    #expect(await shell.texts("why --all steps").filter { $0.hasPrefix("#") } == ["#2 ↳ step(n: 1)", "#3 ↳ step(n: 2)", "#4 ↳ step(n: 3)"])
  }

  @Test func theTreeIndentsEachActionUnderItsCause() async throws {
    let shell = try await chainShell()
    _ = await shell.run("dispatch start")
    _ = await shell.run("dispatch rename(name: \"x\")", location: "s.txt:2")
    #expect(await shell.texts("history --tree") == [
      "1  start   ← line 1",
      "2    ↳ step(n: 1)   (listener)",
      "3      ↳ step(n: 2)   (listener)",
      "4        ↳ step(n: 3)   (listener)",
      "5  rename(name: \"x\")   ← s.txt:2",
    ])
    // With --changed: the entries that changed the path, under their causes; a cause that changed
    // nothing there is marked, and a branch without a change is left out.
    #expect(await shell.texts("history --tree --changed steps[1]") == [
      "1  start   ← line 1   (cause only)",
      "2    ↳ step(n: 1)   (listener)   (cause only)",
      "3      ↳ step(n: 2)   (listener)",
    ])
    #expect(await shell.texts("history --tree --changed name") == ["5  rename(name: \"x\")   ← s.txt:2"])
  }

  @Test func mistakesAreErrorsThatPointAtThemAndSuggest() async throws {
    let shell = try await chainShell()
    _ = await shell.run("dispatch start")
    let misspelt = await shell.run("why stepz")
    #expect(!misspelt.succeeded)
    #expect(misspelt.events.contains { if case .error(let error) = $0 { error.column == 5 && error.message.contains("did you mean `steps`?") } else { false } })
    #expect(await shell.texts("why steps[7]").first?.contains("`steps` has no `[7]`") == true)
    #expect(!(await shell.run("why")).succeeded)
    #expect(!(await shell.run("history --changed")).succeeded)
    #expect(!(await shell.run("history steps")).succeeded)
  }

  @Test func tabCompletesThePath() async throws {
    let shell = try await chainShell()
    #expect(shell.candidates("why st") == ["steps"])
    #expect(shell.candidates("why --all na") == ["name"])
    #expect(shell.candidates("history --changed spa") == ["spawned"])
    #expect(shell.candidates("history --t") == ["--tree"])
  }

  @Test func aToolWritesTheChangedPathInQuotesAndTheShellReadsIt() async throws {
    let shell = try await chainShell()
    _ = await shell.run("dispatch start")
    #expect(await shell.texts("history --changed 'steps[1]'") == ["3  ↳ step(n: 2)   (listener)"])
  }

  @Test func theIndexRelatesAnEntrysPathsToAPath() throws {
    let index = ChangeIndex()
    let steps: [StatePath.Component] = [.name("steps")]
    let first = steps + [.key(.int(0))]
    let diff = StateDiff()
    // A changed array is a leaf: the path recorded is the array's.
    _ = try index.recording(serial: 1) { (trail) throws(CommandError) in try diff.lines(from: ChainState(), to: ChainState(steps: [1]), differ: nil, trail: &trail) }
    _ = try index.recording(serial: 2) { (trail) throws(CommandError) in try diff.lines(from: ChainState(), to: ChainState(), differ: nil, trail: &trail) }
    #expect(index.relation(serial: 1, to: first) == .leafAbove)
    #expect(index.relation(serial: 1, to: steps) == .changed)
    #expect(index.relation(serial: 1, to: []) == .changed)
    #expect(index.relation(serial: 1, to: [.name("name")]) == .unchanged)
    #expect(index.relation(serial: 2, to: steps) == .unchanged)
    #expect(index.relation(serial: 3, to: steps) == nil)
  }
}
