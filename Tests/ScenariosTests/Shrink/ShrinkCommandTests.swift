import Foundation
@testable import ReplShellHost
import TestSupport
import Testing
@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession
import ShrinkFixtures

/// `shrink` on a session's history: the three actions of a bug found among hundreds, a
/// listener's action kept in place with the action that led to it, each kind of property, a
/// property that holds said at once, and the scenario and Swift test it keeps.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ShrinkCommandTests {
  /// A lending shelf session that ran `lines`, its listeners on or off.
  private func session(_ lines: [String], bug: LendingBug = .always, listeners: Bool = false, folder: URL = URL(fileURLWithPath: "/")) async throws -> Shell {
    let shell = Shell(domains: [.lending(bug: bug)], isScript: true, baseDirectory: folder)
    _ = try await shell.start(domain: "lending", options: listeners ? [:] : [Shell.listenersOption: "off"])
    for line in lines { _ = await shell.run(line) }
    return shell
  }

  /// The `dispatch` lines of a report.
  private func dispatches(_ lines: [String]) -> [String] {
    lines.filter { $0.hasPrefix("  dispatch ") }.map { String($0.dropFirst(2)) }
  }

  @Test func theThreeActionsOfTheBugAreFoundAmongHundreds() async throws {
    let shell = try await session(lendingSession(count: 400))
    let result = await shell.run("shrink invariant selectDanglingLoans == 0")
    let lines = result.lines.map(\.text)
    #expect(!result.succeeded)
    #expect(lines.first?.hasPrefix("invariant selectDanglingLoans == 0 broken: 400 actions shrunk to 3 in ") == true, "\(lines)")
    let shrunk = dispatches(lines)
    try #require(shrunk.count == 3, "\(lines)")
    #expect(shrunk[0].hasPrefix("dispatch didAddItem(id: "), "\(lines)")
    #expect(shrunk[1].hasPrefix("dispatch didLendItem(id: ") && shrunk[1].hasSuffix(", to: \"Ada\")"), "\(lines)")
    #expect(shrunk[2].hasPrefix("dispatch didRemoveItem(id: "), "\(lines)")
    #expect(lines.contains("  actual: 1"), "\(lines)")
    // The session is untouched: every action is still in its history.
    #expect(await shell.texts("history").count == 400)
    await shell.close()
  }

  @Test func aListenersActionStaysInPlaceWithTheActionThatLedToIt() async throws {
    // The bug needs the index the listener makes after an item is added: shrunk with its
    // listeners off, the recorded index action stays, right after its add.
    let shell = try await session(lendingSession(count: 120, entities: 10), bug: .indexedOnly, listeners: true)
    let history = await shell.texts("history")
    #expect(history.contains { $0.contains("didIndexItem(id: 777)") && $0.contains("(listener)") }, "\(history)")
    let lines = await shell.texts("shrink invariant selectDanglingLoans == 0")
    let shrunk = dispatches(lines)
    try #require(shrunk.count == 4, "\(lines)")
    #expect(shrunk[0].hasPrefix("dispatch didAddItem(id: "), "\(lines)")
    #expect(shrunk[1].hasPrefix("dispatch didIndexItem(id: ") && shrunk[1].hasSuffix("(a listener's, kept in place)"), "\(lines)")
    #expect(shrunk[2].hasPrefix("dispatch didLendItem("), "\(lines)")
    #expect(shrunk[3].hasPrefix("dispatch didRemoveItem("), "\(lines)")
    await shell.close()
  }

  @Test func aPropertyThatHoldsIsSaidAtOnce() async throws {
    let shell = try await session(lendingSession(count: 300), bug: .none)
    let result = await shell.run("shrink invariant selectDanglingLoans == 0")
    #expect(result.succeeded)
    #expect(
      result.lines.map(\.text) == ["invariant selectDanglingLoans == 0 holds over the 300 actions the state has applied: there is nothing to shrink"])
    await shell.close()
  }

  @Test(arguments: ["expect selectDanglingLoans == 0", "break when selectDanglingLoans == 1"])
  func expectAndBreakShrinkToo(property: String) async throws {
    let shell = try await session(lendingSession(count: 200))
    let lines = await shell.texts("shrink \(property)")
    #expect(dispatches(lines).count == 3, "\(lines)")
    #expect(lines.first?.hasPrefix(property.hasPrefix("expect") ? "expect selectDanglingLoans == 0 fails: 200 actions" : "break when selectDanglingLoans == 1 reached: 200 actions") == true, "\(lines)")
    await shell.close()
  }

  @Test func withoutAPropertyTheSessionsInvariantIsShrunk() async throws {
    let shell = try await session(["invariant selectDanglingLoans == 0"] + lendingSession(count: 100))
    let lines = await shell.texts("shrink")
    #expect(lines.first?.hasPrefix("invariant selectDanglingLoans == 0 broken: 100 actions shrunk to 3") == true, "\(lines)")
    await shell.close()
    let bare = try await session(lendingSession(count: 10))
    #expect(await bare.texts("shrink").first?.hasPrefix("error: shrink needs a property the actions break") == true)
    await bare.close()
  }

  @Test func mistypedLinesSayWhatToType() async throws {
    let shell = try await session([])
    #expect(await shell.texts("shrink --sav x.txt") == ["error: column 8: shrink has no option `--sav`; did you mean `--save`? its options: --save FILE.txt, --swift FILE.swift, --force"])
    #expect(await shell.texts("shrink --save x invariant selectItemCount < 3") == ["error: column 15: scenario scripts end in `.txt`, so that `--check` finds them: try `--save x.txt`"])
    #expect(await shell.texts("shrink selectItemCount < 3").first?.hasPrefix("error: column 8: shrink takes the property it breaks as its line") == true)
    await shell.close()
  }

  @Test func theSavedScenarioFailsNowAndPassesOnceFixed() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shrink-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = try await session(lendingSession(count: 200), folder: folder)
    let lines = await shell.texts("shrink --save lost-loan.txt --swift LostLoanTests.swift invariant selectDanglingLoans == 0")
    #expect(lines.contains { $0.hasPrefix("saved the shrunk sequence as lost-loan.txt and its golden as lost-loan.golden") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("the fresh run of lost-loan.txt fails as it should until the bug is fixed") }, "\(lines)")
    // A second time refuses to overwrite, before searching.
    #expect(await shell.texts("shrink --save lost-loan.txt invariant selectDanglingLoans == 0").first?.contains("exist; add `--force` to overwrite") == true)
    await shell.close()

    let script = try String(contentsOf: folder.appendingPathComponent("lost-loan.txt"), encoding: .utf8)
    let scriptLines = script.split(separator: "\n").map(String.init)
    #expect(scriptLines.first == "use lending --listeners off", "\(script)")
    #expect(scriptLines[2] == "invariant selectDanglingLoans == 0", "\(script)")
    #expect(scriptLines.dropFirst(3).allSatisfy { $0.hasPrefix("dispatch --may-reject ") } && scriptLines.count == 6, "\(script)")
    let golden = try String(contentsOf: folder.appendingPathComponent("lost-loan.golden"), encoding: .utf8)
    #expect(golden.hasSuffix("\n...\n"), "\(golden)")

    func check(bug: LendingBug) async throws -> (succeeded: Bool, matches: Bool) {
      let run = await ScriptRunner(domains: [.lending(bug: bug)]).run(folder.appendingPathComponent("lost-loan.txt"), displayPath: "lost-loan.txt")
      return (run.succeeded, GoldenComparison(golden: golden, transcript: run.text).matches)
    }
    let now = try await check(bug: .always)
    #expect(!now.succeeded && now.matches)
    let fixed = try await check(bug: .none)
    #expect(fixed.succeeded && fixed.matches)

    let swift = try String(contentsOf: folder.appendingPathComponent("LostLoanTests.swift"), encoding: .utf8)
    #expect(swift.contains("@MainActor @Test func lostLoanTests() async {"), "\(swift)")
    #expect(swift.contains("await ScenarioTest.check(\n    domains: [.lending],"), "\(swift)")
    // The script in the test is the saved one, line for line.
    let embedded = scriptLines.dropFirst(2).map { "    " + $0 }
    #expect(embedded.allSatisfy { swift.contains($0) }, "\(swift)")
  }
}
