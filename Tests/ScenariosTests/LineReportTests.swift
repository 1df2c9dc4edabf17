import Foundation
@testable import ReplShellHost
import StateValues
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// What a line found is its own report, passed down with it: an invariant a listener breaks while
/// the line settles fails that line; a `source` line's script lines each report their own place;
/// what a dispatch no line waits for finds waits in the mailbox for the next line to end, and only
/// that line.
@MainActor @Suite(.timeLimit(.minutes(10))) struct LineReportTests {
  @Test func anInvariantAListenerBreaksFailsTheLineThatSettlesIt() async throws {
    let shell = Shell(domains: [.signals], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "signals")
    _ = await shell.run("invariant selectCount != 2")
    // `ping` makes the count 1; the listener's `pong`, dispatched while the line settles, makes it 2.
    let result = await shell.run("dispatch ping", location: "s.txt:3")
    #expect(!result.succeeded)
    #expect(result.events.filter { if case .invariant = $0 { true } else { false } }.count == 1)
    #expect(result.lines.suffix(2).map(\.text) == ["error: s.txt:3: invariant selectCount != 2 broken by `pong`", "  actual: 2"])
    // The report was the line's: the next line has nothing of it.
    #expect(await shell.run("select selectCount", location: "s.txt:4").succeeded)
    await shell.close()
  }

  @Test func aSourcedLineReportsItsOwnPlaceAndTheOuterLineGoesOnWithItsOwn() async throws {
    let folder = try Self.scripts(["inner.txt": "dispatch didTapIncrementButton\n", "outer.txt": "source inner.txt\ndispatch didTapIncrementButton\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = Shell(domains: [.testCounter], isScript: true, baseDirectory: folder)
    _ = try await shell.start(domain: "counter")
    _ = await shell.run("break when selectValue == 2")
    let result = await shell.run("source outer.txt", location: "main.txt:2")
    #expect(!result.succeeded)
    // The stop is outer.txt's second line, after the nested script's line ended: not inner.txt:1.
    let stops = result.events.compactMap { if case .breakpoint(let stop) = $0 { stop } else { nil } }
    #expect(stops.map(\.location) == ["outer.txt:2"])
    #expect(result.lines.map(\.text).contains(
      "error: outer.txt:2: stopped by break 1 (selectValue == 2) at #2 didTapIncrementButton; the rest of the script did not run"))
    #expect(result.lines.last?.text == "error: main.txt:2:8: source stopped at outer.txt:2")
    await shell.close()
  }

  @Test func aScriptThatFailsAfterAnExpectedStopIsNotTakenForAStop() async throws {
    let folder = try Self.scripts(["b.txt": "dispatch didTapIncrementButton\ndispatch didTapIncrementButton\n", "a.txt": "source --expect-break b.txt\nexpect selectValue == 99\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = Shell(domains: [.testCounter], isScript: true, baseDirectory: folder)
    _ = try await shell.start(domain: "counter")
    _ = await shell.run("break when selectValue == 1")
    // a.txt's first line expects b.txt's stop and passes; its second line fails, and that is what stops a.txt.
    let result = await shell.run("source --expect-break a.txt")
    #expect(!result.succeeded)
    #expect(result.lines.last?.text.hasSuffix("source stopped at a.txt:2") == true, "\(result.lines.map(\.text))")
    await shell.close()
  }

  @Test func whatADispatchBetweenLinesFindsFailsTheNextLineOnly() async throws {
    let shell = try await startedShell()
    _ = await shell.run("invariant selectValue != 1")
    _ = await shell.run("break when selectValue == 1")
    // An app's own dispatch between lines: the store tells the session by its callback, with no line running.
    try shell.slot.require(domains: shell.domains).read(AppDispatch(text: "didTapIncrementButton"))
    let next = await shell.run("select selectValue", location: "s.txt:5")
    #expect(!next.succeeded)
    #expect(next.lines.suffix(2).map(\.text) == ["error: s.txt:5: invariant selectValue != 1 broken by `didTapIncrementButton`", "  actual: 1"])
    #expect(await shell.run("select selectValue", location: "s.txt:6").succeeded)
    await shell.close()
  }
}

/// Dispatches the action `text` names into the session's store as the app would, outside any line.
private struct AppDispatch: SessionReader {
  let text: String

  func read<State: Sendable, Action: Decodable & Equatable & Sendable>(_ session: DomainSession<State, Action>) throws(CommandError) {
    let action = try ActionCache<Action>.parseAction(text, catalog: session.printer.catalog)
    do {
      try session.store.dispatch(action, origin: .app, cause: nil, text: nil)
    } catch {
      throw CommandError("the reducer rejected \(text): \(error)")
    }
  }
}

extension LineReportTests {
  /// A new folder in the temporary directory holding `files` (name: text); the caller removes it.
  private static func scripts(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("line-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    return folder
  }
}
