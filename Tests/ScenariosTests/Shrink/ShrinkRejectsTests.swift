import Foundation
@testable import ReplShellHost
import TestSupport
import Testing
@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession
import ShrinkFixtures

/// `shrink rejects`: the fewest actions after which the reducer still rejects an action with the
/// same error — named, or the last one the session saw rejected — kept as a scenario that fails
/// while the reducer rejects it.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ShrinkRejectsTests {
  /// A lending shelf that ran the noise and the bug (item 777 removed while lent to Ada, whose
  /// loan outlives it), then tried to add item 777 again: rejected, as still lent to Ada.
  private func session(folder: URL = URL(fileURLWithPath: "/")) async throws -> Shell {
    let shell = Shell(domains: [.lending(bug: .always)], isScript: true, baseDirectory: folder)
    _ = try await shell.start(domain: "lending", options: [Shell.listenersOption: "off"])
    for line in lendingSession(count: 200) + ["dispatch didAddItem(id: 900, name: \"chair\")"] { _ = await shell.run(line) }
    let add = await shell.run("dispatch didAddItem(id: 777, name: \"lamp again\")")
    #expect(!add.succeeded && add.lines.map(\.text).contains { $0.contains("item 777 is still lent to Ada") }, "\(add.lines.map(\.text))")
    // An action accepted after the rejection: the rejection's actions are those before it.
    _ = await shell.run("dispatch didLendItem(id: 900, to: \"Cy\")")
    return shell
  }

  private func dispatches(_ lines: [String]) -> [String] {
    lines.filter { $0.hasPrefix("  dispatch ") }.map { String($0.dropFirst(2)) }
  }

  @Test(arguments: [("rejects", 201), ("rejects didAddItem(id: 777, name: \"lamp again\")", 202)])
  func theRejectionShrinksToTheThreeActionsOfTheBug(property: String, total: Int) async throws {
    let shell = try await session()
    let result = await shell.run("shrink \(property)")
    let lines = result.lines.map(\.text)
    #expect(!result.succeeded)
    #expect(lines.first?.hasPrefix("`dispatch didAddItem(id: 777, name: \"lamp again\")` rejected: \(total) actions shrunk to 3 in ") == true, "\(lines)")
    let shrunk = dispatches(lines)
    try #require(shrunk.count == 3, "\(lines)")
    #expect(shrunk[0].hasPrefix("dispatch didAddItem(id: 777, name: "), "\(lines)")
    #expect(shrunk[1] == "dispatch didLendItem(id: 777, to: \"Ada\")", "\(lines)")
    #expect(shrunk[2] == "dispatch didRemoveItem(id: 777)", "\(lines)")
    #expect(lines.contains("rejected: item 777 is still lent to Ada"), "\(lines)")
    #expect(result.lines.last?.text == "error: `dispatch didAddItem(id: 777, name: \"lamp again\")` is rejected by 3 actions of the \(total)", "\(lines)")
    await shell.close()
  }

  /// The same error, not any: from the first state the reducer rejects lending item 900 too,
  /// but as no such item, so the two actions that make it lent to Cy stay.
  @Test func anotherErrorIsNotTheSameRejection() async throws {
    let shell = try await session()
    let lines = await shell.texts("shrink rejects didLendItem(id: 900, to: \"Bob\")")
    #expect(lines.first?.hasPrefix("`dispatch didLendItem(id: 900, to: \"Bob\")` rejected: 202 actions shrunk to 2 in ") == true, "\(lines)")
    #expect(dispatches(lines) == ["dispatch didAddItem(id: 900, name: \"\")", "dispatch didLendItem(id: 900, to: \"Cy\")"], "\(lines)")
    #expect(lines.contains("rejected: item 900 is lent to Cy"), "\(lines)")
    await shell.close()
  }

  @Test func anActionTheReducerAcceptsIsSaidAtOnce() async throws {
    let shell = try await session()
    let result = await shell.run("shrink rejects didAddItem(id: 5000, name: \"new\")")
    #expect(result.succeeded)
    #expect(
      result.lines.map(\.text) == ["the reducer accepts `didAddItem(id: 5000, name: \"new\")` after the 202 actions the state has applied: there is nothing to shrink"])
    await shell.close()
  }

  @Test func withoutARejectionItSaysWhatToType() async throws {
    let shell = Shell(domains: [.lending(bug: .always)], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "lending", options: [Shell.listenersOption: "off"])
    _ = await shell.run("dispatch didAddItem(id: 1, name: \"a\")")
    #expect(await shell.texts("shrink rejects").first?.hasPrefix("error: no action was rejected in this session or its recording: name the one the reducer rejects, e.g. `shrink rejects <action>`") == true)
    await shell.close()
  }

  @Test func theSavedScenarioFailsWhileTheReducerRejectsIt() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shrink-rejects-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = try await session(folder: folder)
    let lines = await shell.texts("shrink --save lent.txt rejects")
    #expect(lines.contains("the fresh run of lent.txt fails as it should until the bug is fixed: `replshell --check lent.txt` passes once it is"), "\(lines)")
    await shell.close()
    let script = try String(contentsOf: folder.appendingPathComponent("lent.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(script.first == "use lending --listeners off", "\(script)")
    #expect(script.last == "dispatch didAddItem(id: 777, name: \"lamp again\")", "\(script)")
    #expect(script.filter { $0.hasPrefix("dispatch --may-reject ") }.count == 3, "\(script)")
    let fresh = await ScriptRunner(domains: [.lending(bug: .always)]).run(folder.appendingPathComponent("lent.txt"))
    #expect(!fresh.succeeded)
    #expect(fresh.transcript.last?.text.contains("item 777 is still lent to Ada") == true, "\(fresh.text)")
    // Fixed, the item is added again: the scenario passes.
    let fixed = await ScriptRunner(domains: [.lending(bug: .none)]).run(folder.appendingPathComponent("lent.txt"))
    #expect(fixed.succeeded, "\(fixed.text)")
  }
}
