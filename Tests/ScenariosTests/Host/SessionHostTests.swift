import Foundation
@testable import ReplShellHost
import TestSupport
import Testing
@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession

/// The session host's order: requests run one at a time, in the order they arrived, whichever
/// front end sent them and whichever task submits first.
@MainActor @Suite(.timeLimit(.minutes(10))) struct SessionHostTests {
  /// Two front ends at once: one draws a turn for each request as it arrives and submits them
  /// from tasks that start in the reverse order (as the MCP server's handlers may), the other
  /// submits its own lines as it goes. Each line runs in its place of arrival.
  @Test func pipelinedRequestsFromTwoFrontEndsRunInArrivalOrder() async throws {
    let host = SessionHost(shell: try await startedShell())
    let rounds = 30
    var arrived: [(turn: SessionHost.Turn?, line: String)] = []
    for round in 0..<rounds {
      // The first front end's requests arrive and draw their turns…
      arrived.append((host.drawTurn(), "dispatch didTapIncrementButton"))
      arrived.append((host.drawTurn(), "select selectValue"))
      // …and the second front end's line arrives between them.
      if round % 3 == 0 { arrived.append((host.drawTurn(), "dispatch didTapDecrementButton")) }
    }
    // Submitted last first: the host's order, not the order of submission, decides.
    let tasks = arrived.reversed().map { request in
      Task { @MainActor in await host.submit(LineRequest(request.line), in: request.turn) }
    }
    var results: [Shell.Result] = []
    for task in tasks.reversed() { results.append(await task.value) }

    var value = 0
    for (index, request) in arrived.enumerated() {
      switch request.line {
      case "dispatch didTapIncrementButton": value += 1
      case "dispatch didTapDecrementButton": value -= 1
      default: #expect(results[index].lines.map(\.text) == ["\(value)"], "request \(index): \(request.line)")
      }
    }
    let history = await host.run("history").lines
    #expect(history.count == arrived.filter { $0.line.hasPrefix("dispatch") }.count)
    #expect(history.map { $0.text.trimmingCharacters(in: .whitespaces) } == arrived.filter { $0.line.hasPrefix("dispatch") }.enumerated().map { "\($0.offset + 1)  \($0.element.line.dropFirst("dispatch ".count))" })
  }

  /// A turn drawn and then given up (a cancelled MCP call) does not hold the requests after it.
  @Test func aGivenUpTurnIsPassedOver() async throws {
    let host = SessionHost(shell: try await startedShell())
    let first = host.drawTurn()
    let abandoned = host.drawTurn()
    let last = host.drawTurn()
    let later = Task { @MainActor in await host.submit(LineRequest("select selectValue"), in: last) }
    _ = await host.submit(LineRequest("dispatch didTapIncrementButton"), in: first)
    host.giveUp(abandoned)
    #expect(await later.value.lines.map(\.text) == ["1"])
    // Submitted after all, a given-up turn's request takes a new place at the end.
    #expect(await host.submit(LineRequest("select selectValue"), in: abandoned).lines.map(\.text) == ["1"])
  }

  /// A request whose turn is free starts without leaving the main actor: main-actor work queued
  /// before it was submitted has not run yet when it starts. (Awaiting the order's `claim`, a
  /// nonisolated async function, took every request to the global executor and back first: two
  /// trips between threads, about a third of an attached shell's `select`.)
  @Test func aFreeTurnIsTakenWithoutLeavingTheMainActor() async throws {
    let host = SessionHost(shell: try await startedShell())
    let queued = QueuedWork()
    Task { @MainActor in queued.hasRun = true }
    #expect(await host.submit(QueuedWorkCheck(queued: queued)) == false, "the request waited for the main actor's queued work")
    // A turn that must wait still waits, and runs once the turn before it ends.
    let first = host.drawTurn()
    let second = host.drawTurn()
    let later = Task { @MainActor in await host.submit(LineRequest("select selectValue"), in: second) }
    _ = await host.submit(LineRequest("dispatch didTapIncrementButton"), in: first)
    #expect(await later.value.lines.map(\.text) == ["1"])
  }

  /// `source` is a line like any other: its script's lines run inside its turn, so a line that
  /// arrived after it sees everything the script did.
  @Test func aSourcedScriptRunsWhollyInsideItsTurn() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("host-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("five.txt")
    try String(repeating: "dispatch didTapIncrementButton\n", count: 5).write(to: script, atomically: true, encoding: .utf8)
    let host = SessionHost(shell: try await startedShell())
    let sourceTurn = host.drawTurn()
    let selectTurn = host.drawTurn()
    let select = Task { @MainActor in await host.submit(LineRequest("select selectValue"), in: selectTurn) }
    let sourced = await host.submit(LineRequest("source \(script.path)"), in: sourceTurn)
    #expect(sourced.succeeded)
    #expect(sourced.lines.filter { $0.text.hasPrefix("counter> dispatch") }.count == 5)
    #expect(await select.value.lines.map(\.text) == ["5"])
  }

  /// A line sent to the shell itself while another runs (`Shell.execute`, the host's door, reached
  /// here through `@testable`) is refused, not interleaved.
  @Test func aLineThatBypassesTheHostWhileAnotherRunsIsRefused() async throws {
    let gate = ChoreGate()
    let shell = Shell(domains: [.chores(settleTimeout: .seconds(600), chore: .zero, gate: gate)], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "chores")
    let host = SessionHost(shell: shell)
    // The dispatch waits for its listener, which waits at the gate: the line is running.
    let held = Task { @MainActor in await host.run(#"dispatch didStartChore(name: "dishes")"#) }
    while !shell.isRunningLine { await Task.yield() }
    let bypass = await shell.execute("dispatch didFinishChore")
    gate.open()
    #expect(await held.value.succeeded)
    #expect(!bypass.succeeded)
    #expect(bypass.lines.first?.text.contains("arrived while another line was running") == true, "\(bypass.lines)")
    // The chore's own finish is the only other action.
    #expect(await host.run("select selectCount").lines.map(\.text) == ["2"])
  }
}

/// Main-actor work a test queues, and whether it has run.
@MainActor private final class QueuedWork {
  var hasRun = false
}

/// A request that answers whether `queued` had run when the request started.
private struct QueuedWorkCheck: SessionRequest {
  let queued: QueuedWork

  @MainActor func perform(in shell: Shell) async -> Bool { queued.hasRun }
}
