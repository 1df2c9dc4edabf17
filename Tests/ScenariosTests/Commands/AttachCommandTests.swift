import Foundation
import ImmutableData
@testable import ReplShellCommands
import ReplShellDomain
@testable import ReplShellHost
import SessionProtocol
import StateValues
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The engine side of `--attach`: a shell over a live store, `tail`, `fork` and `attach`, and the
/// events read back from their JSON.
@MainActor @Suite(.timeLimit(.minutes(10))) struct AttachCommandTests {
  /// A stand-in for an attachment's connection: records what `tail` asked for.
  final class RecordingControl: LiveControl {
    var tails: [String?] = []
    func startTail(only: ActionPattern?) { tails.append(only?.description) }
  }

  @Test func attachCommandsExplainThemselvesInALocalSession() async throws {
    let shell = try await startedShell()
    #expect(await shell.texts("tail") == ["error: `tail` follows a running app's actions: attach to one with `replshell --attach` (alone, it lists them)"])
    #expect(await shell.texts("fork") == ["error: `fork` copies a running app's state: start the shell with `--attach` to attach to one"])
    #expect(await shell.texts("attach") == ["error: `attach` returns from a fork to a running app: start the shell with `--attach` to attach to one"])
    #expect(parseError("tail --only")?.message == "--only needs an action pattern, e.g. `tail --only onTap`")
    #expect(parseError("tail now")?.message == "tail takes only `--only PATTERN`; remove `now`")
  }

  @Test func aLiveStoreIsReadOnlyUnlessAllowedAndForksIntoASandbox() async throws {
    let store = Store(initialState: 5, reducer: { (state: Int, action: CounterTestAction) in state + 1 })
    let shell = Shell(domains: [], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    let control = RecordingControl()
    shell.attach(to: counterTestDomain, store: try counterTestDomain.live.bind(store), allowsWrites: false, label: "counter@1", control: control)
    #expect(shell.prompt == "counter@1 (live, read-only)> ")
    #expect(await shell.texts("select selectValue") == ["5"])
    try store.dispatch(action: .increment)
    #expect(await shell.texts("select selectValue") == ["6"])
    #expect(await shell.texts("dispatch increment").first?.hasPrefix("error: the live store is read-only") == true)
    #expect(await shell.texts("undo").first?.hasPrefix("error: undo, redo and jump are not offered on a live store") == true)
    #expect(await shell.texts("use counter").first?.hasPrefix("error: column 5: this shell is attached to counter@1") == true)
    _ = await shell.run("tail --only inc")
    #expect(control.tails == ["inc"])
    #expect(await shell.texts("explore --runs 1") == [
      "error: `explore` runs generated actions through the reducer, which on the live store of counter@1 would run inside the app; type `fork` for a sandbox copy of its state, then `explore` there"
    ])
    #expect(await shell.texts("source setup.txt") == [
      "error: `source` would run a script's lines on the live store of counter@1, inside the app; type `fork` for a sandbox copy of its state, then `source` there"
    ])
    let save = "error: `save` writes a session that starts with `use`, and no scenario can rebuild the state of counter@1; type `fork` to try things on a copy of it, and record scenarios in a local session (`replshell --script`)"
    #expect(await shell.texts("save session.txt") == [save])
    _ = await shell.run("fork")
    #expect(shell.prompt == "counter@1 (fork)> ")
    #expect(await shell.run("explore --runs 1 --seed 1").succeeded)
    // In the fork, `source` runs (here: a file that is not there); `save` is still refused.
    #expect(await shell.texts("source no-such-script.txt") == ["error: column 8: cannot read no-such-script.txt: there is no such file"])
    #expect(await shell.texts("save session.txt") == [save])
    _ = await shell.run("dispatch increment")
    #expect(await shell.texts("select selectValue") == ["7"])
    #expect(store.select { $0 } == 6)
    #expect(await shell.texts("attach") == ["back on the live store; the fork is gone"])
    #expect(await shell.texts("select selectValue") == ["6"])
    await shell.close()
    // Closing the shell leaves the app's store and its streams alone.
    try store.dispatch(action: .increment)
    #expect(store.select { $0 } == 7)
  }

  /// An app's shell runs the live-session core (`CommandSet.core`): a shell process's commands
  /// are refused there with what to type, on the live store as a local shell refuses them, and in
  /// a fork with where they run instead; `help` lists only what runs.
  @Test func anAppsShellRunsTheCoreAndRefusesAShellProcesssCommands() async throws {
    let store = Store(initialState: 5, reducer: { (state: Int, action: CounterTestAction) in state + 1 })
    let shell = Shell(domains: [], isScript: true, baseDirectory: URL(fileURLWithPath: "/"), commands: .core)
    shell.attach(to: counterTestDomain, store: try counterTestDomain.live.bind(store), allowsWrites: false, label: "counter@1", control: RecordingControl())
    #expect(await shell.texts("explore --runs 1") == [
      "error: `explore` runs generated actions through the reducer, which on the live store of counter@1 would run inside the app; type `fork` for a sandbox copy of its state, then `explore` there"
    ])
    _ = await shell.execute("fork")
    let elsewhere = { (name: String) in
      "error: `\(name)` runs in a shell process, not inside the app this shell is attached to: run it in a local session (`replshell`, then `use <domain>`; `replshell --replay LOG` starts from a flight recorder's log)"
    }
    for name in ["explore", "shrink", "source", "linearize"] {
      #expect(await shell.texts("\(name) x") == [elsewhere(name)], "\(name)")
    }
    #expect(await shell.texts("bogus").first?.contains("unknown command `bogus`") == true)
    let help = await shell.texts("help").joined(separator: "\n")
    #expect(help.contains("  dispatch") && help.contains("  fork"))
    #expect(!help.contains("  explore") && !help.contains("  save") && !help.contains("  linearize"))
    await shell.close()
  }

  @Test func writesGoToTheLiveStoreWhenAllowed() async throws {
    let store = Store(initialState: 0, reducer: { (state: Int, action: CounterTestAction) in state + 1 })
    let shell = Shell(domains: [], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    shell.attach(to: counterTestDomain, store: try counterTestDomain.live.bind(store), allowsWrites: true, label: "counter@1", control: RecordingControl())
    #expect(shell.prompt == "counter@1 (live)> ")
    _ = await shell.run("dispatch increment")
    #expect(store.select { $0 } == 1)
  }

  @Test func everyEventReadsBackFromItsJSON() {
    let events: [SessionEvent] = [
      .command(CommandEvent(line: "select x", domain: "counter", location: "a.txt:3")),
      .comment("# hi"),
      .dispatched(
        DispatchEvent(
          action: "increment", origin: .app,
          diff: [OutputLine(.plain, "  S("), OutputLine(.removed, "-   1"), OutputLine(.added, "+   2"), OutputLine(.plain, "  )")])),
      .dispatched(DispatchEvent(action: "increment", origin: .app, diff: [OutputLine(.note, "no change")])),
      .dispatched(DispatchEvent(action: "increment", origin: .app, diff: [OutputLine(.error, "the reducer threw")])),
      .dispatched(DispatchEvent(action: "x", origin: .listener, diff: nil, rejection: "no", isHidden: true)),
      .log(LogLine(category: .effects, level: .warning, text: "slow")),
      .watch(WatchEvent(selector: "selectValue", value: "2", lines: ["watch selectValue → 2"])),
      .invariant(InvariantEvent(name: "positive", holds: false, message: "-1")),
      .settled(SettleEvent(requested: true)),
      .note("a note"),
      .output([OutputLine(.plain, "1"), OutputLine(.error, "error: x")]),
      .error(ErrorEvent(message: "bad", location: nil, column: 4)),
    ]
    for event in events {
      #expect(SessionEventJSON.event(from: SessionEventJSON.line(for: event)) == event, "\(event)")
    }
    #expect(SessionEventJSON.event(from: "{\"event\": \"nonsense\"}") == nil)
    // Written before `diffKinds` existed (or by another tool): the lines come back plain.
    let older = #"{"event": "dispatched", "action": "x", "origin": "app", "diff": ["-   1", "+   2"], "rejection": null, "hidden": false}"#
    #expect(SessionEventJSON.event(from: older) == .dispatched(DispatchEvent(action: "x", origin: .app, diff: [OutputLine(.plain, "-   1"), OutputLine(.plain, "+   2")])))
    #expect(SessionEventJSON.event(from: "not json") == nil)
  }
}

enum CounterTestAction: Decodable, Equatable, Sendable {
  case increment
}

let counterTestDomain = Domain(
  name: "counter", summary: "an integer", initialState: { 0 }, reducer: { (state: Int, _: CounterTestAction) in state + 1 },
  actionExamples: [.increment], selectors: [SelectorDefinition("selectValue") { { (state: Int) in state } }])
