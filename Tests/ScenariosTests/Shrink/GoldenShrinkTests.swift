import Foundation
@testable import ReplShellHost
import TestSupport
import Testing
@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession
import ShrinkFixtures

/// `shrink golden FILE.txt`: a scenario whose golden was written before the bug shrinks to the
/// few lines whose transcript still differs from it in the same way — at the same command, the
/// golden's line and the transcript's line there as in the whole run — and is saved as a script
/// whose golden fails `--check` until the bug is fixed.
@MainActor @Suite(.timeLimit(.minutes(10))) struct GoldenShrinkTests {
  /// A folder with `lending.txt` — the noise and the bug's three actions, then `select` — and
  /// its golden: as the fixed shelf prints it, or (`editedSelect`) as the shelf with the bug
  /// prints it but for the last line's output, which says no loan dangles.
  private func folder(count: Int = 30, editedSelect: Bool = false) async throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shrink-golden-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script = (["use lending --listeners off", "# the shelf, then how many loans dangle"] + lendingSession(count: count) + ["select selectDanglingLoans"])
      .joined(separator: "\n") + "\n"
    let url = folder.appendingPathComponent("lending.txt")
    try script.write(to: url, atomically: true, encoding: .utf8)
    let run = await ScriptRunner(domains: [.lending(bug: editedSelect ? .always : .none)]).run(url, displayPath: "lending.txt")
    #expect(run.succeeded, "\(run.text)")
    var lines = run.transcript.map(\.text)
    if editedSelect {
      let select = try #require(run.transcript.lastIndex { $0.kind == .echo })
      try #require(lines[select + 1] == "1", "\(lines.suffix(3))")
      lines[select + 1] = "0"
    }
    try (lines.joined(separator: "\n") + "\n").write(to: ScriptRunner.goldenURL(for: url), atomically: true, encoding: .utf8)
    return folder
  }

  private func shell(in folder: URL, bug: LendingBug = .always) -> Shell {
    Shell(domains: [.lending(bug: bug)], isScript: true, baseDirectory: folder)
  }

  /// Whether the saved `small.txt` passes `--check` on the shelf with `bug`.
  private func checks(_ folder: URL, bug: LendingBug) async throws -> Bool {
    let small = folder.appendingPathComponent("small.txt")
    let golden = try String(contentsOf: ScriptRunner.goldenURL(for: small), encoding: .utf8)
    let run = await ScriptRunner(domains: [.lending(bug: bug)]).run(small)
    return GoldenComparison(golden: golden, transcript: run.text).matches
  }

  @Test func aSelectThatDiffersShrinksToTheThreeActionsOfTheBug() async throws {
    let folder = try await folder(editedSelect: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = shell(in: folder)
    let result = await shell.run("shrink --save small.txt --swift SmallTests.swift golden lending.txt")
    let lines = result.lines.map(\.text)
    #expect(!result.succeeded)
    #expect(lines.contains("the fresh run of SmallTests.swift differs from its golden as it should until the bug is fixed: the test passes once it is"), "\(lines)")
    let swift = try String(contentsOf: folder.appendingPathComponent("SmallTests.swift"), encoding: .utf8)
    #expect(swift.contains("@MainActor @Test func smallTests() async {") && swift.contains("domains: [.lending],"), "\(swift)")
    #expect(swift.contains("\n    select selectDanglingLoans\n") && swift.contains("\n    ...\n    lending> select selectDanglingLoans\n    0\n"), "\(swift)")
    #expect(lines.first?.hasPrefix("the golden of lending.txt differs at `select selectDanglingLoans` (lending.txt:33): 30 lines before it shrunk to 3 in ") == true, "\(lines)")
    #expect(Array(lines.dropFirst().prefix(7)) == [
      "  use lending --listeners off", "  dispatch didAddItem(id: 777, name: \"broken lamp\")", "  dispatch didLendItem(id: 777, to: \"Ada\")",
      "  dispatch didRemoveItem(id: 777)", "  select selectDanglingLoans", "expected: 0", "actual:   1",
    ], "\(lines)")
    #expect(lines.contains("the fresh run of small.txt differs from its golden as it should until the bug is fixed: `replshell --check small.txt` passes once it is"), "\(lines)")
    #expect(result.lines.last?.text == "error: the golden of lending.txt differs at `select selectDanglingLoans` in the same way with 3 lines of the 30 before it", "\(lines)")
    await shell.close()
    let script = try String(contentsOf: folder.appendingPathComponent("small.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(script.count == 6 && script.first == "use lending --listeners off" && script.last == "select selectDanglingLoans", "\(script)")
    #expect(try await checks(folder, bug: .always) == false)
    #expect(try await checks(folder, bug: .none) == true)
  }

  /// The lines before the difference in the command's output count too: the removal's diff
  /// counts the items it leaves unchanged, so the items added before it stay, and only they.
  /// (The difference is a line the fixed shelf prints and this one does not — the loan the
  /// removal forgets — so the lend goes too: without the fix, nothing tells that it mattered.)
  @Test func aDiffThatDiffersKeepsTheItemsItsOutputCounts() async throws {
    let folder = try await folder(count: 24)
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = shell(in: folder)
    let result = await shell.run("shrink --save small.txt golden lending.txt")
    let lines = result.lines.map(\.text)
    #expect(!result.succeeded)
    #expect(lines.first?.hasPrefix("the golden of lending.txt differs at `dispatch didRemoveItem(id: 777)` (lending.txt:22): 19 lines before it shrunk to 15 in ") == true, "\(lines)")
    let kept = lines.dropFirst(2).prefix { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(kept.count == 16 && kept.dropLast().allSatisfy { $0.hasPrefix("dispatch didAddItem(") }, "\(lines)")
    #expect(kept.contains("dispatch didAddItem(id: 777, name: \"broken lamp\")") && kept.last == "dispatch didRemoveItem(id: 777)", "\(lines)")
    #expect(lines.contains("expected:     loans: [") && lines.contains("actual:       … (2 unchanged)"), "\(lines)")
    await shell.close()
    #expect(try await checks(folder, bug: .always) == false)
  }

  @Test func aGoldenThatMatchesIsSaidAtOnce() async throws {
    let folder = try await folder(count: 20)
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = shell(in: folder, bug: .none)
    let result = await shell.run("shrink golden lending.txt")
    #expect(result.succeeded)
    #expect(result.lines.map(\.text) == ["the golden of lending.txt matches its transcript: there is nothing to shrink"])
    #expect(await shell.texts("shrink golden missing.txt").first?.hasPrefix("error: cannot read missing.txt") == true)
    #expect(await shell.texts("shrink golden lending").first == "error: column 15: scenario scripts end in `.txt` (their golden beside them ends in `.golden`): try `shrink golden lending.txt`")
    await shell.close()
  }
}
