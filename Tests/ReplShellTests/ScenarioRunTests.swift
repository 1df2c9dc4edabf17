import Foundation
import Testing

/// Scenario runs as CI makes them, through the built `replshell`: files and folders, the summary
/// line, orphan goldens, JUnit reports, shards and hostile scripts.
@Suite(.timeLimit(.minutes(10))) struct ScenarioRunTests {
  static let passing = ReviewedTranscripts.passing

  /// A folder with `a.txt`, `nested/b.txt` and `nested/deeper/c.txt`, each with its reviewed golden.
  static func folderOfPassingScenarios() throws -> ScenarioFolder {
    let folder = try ScenarioFolder()
    for path in ["a", "nested/b", "nested/deeper/c"] {
      try folder.write("\(path).txt", passing)
      try folder.write("\(path).golden", ReviewedTranscripts.passingGolden)
    }
    return folder
  }

  @Test func aFolderMeansEveryScriptUnderItInSortedOrder() async throws {
    let folder = try Self.folderOfPassingScenarios()
    defer { folder.remove() }
    try folder.write("notes.md", "not a scenario")
    let run = try await folder.replshell("--check", "./")
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      run.lines == [
        "ok: ./a.txt matches a.golden", "ok: ./nested/b.txt matches b.golden", "ok: ./nested/deeper/c.txt matches c.golden",
        "scenarios: 3 passed, 0 failed",
      ])
  }

  @Test func manyFilesAfterCheckAreAllScripts() async throws {
    let folder = try Self.folderOfPassingScenarios()
    defer { folder.remove() }
    let run = try await folder.replshell("--check", "nested/deeper/c.txt", "a.txt", "nested/b.txt")
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.lines.first == "ok: a.txt matches a.golden")
    #expect(run.lines.last == "scenarios: 3 passed, 0 failed")
    let scriptThenCheck = try await folder.replshell("--script", "a.txt", "--check")
    #expect(scriptThenCheck.status == 0)
    #expect(scriptThenCheck.lines == ["ok: a.txt matches a.golden", "scenarios: 1 passed, 0 failed"])
  }

  @Test func aMissingPathIsNamedAndNothingRuns() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    try folder.write("fresh.txt", Self.passing)
    let run = try await folder.replshell("--update", "fresh.txt", "gone.txt", "no-such-folder/")
    #expect(run.status == 1)
    #expect(run.standardOutput.isEmpty)
    #expect(run.standardError.contains("missing: gone.txt does not exist"))
    #expect(run.standardError.contains("missing: no-such-folder/ does not exist"))
    #expect(!folder.contains("fresh.golden"))
  }

  @Test func theSummaryComesLastAfterTheDiffsOfTheFailures() async throws {
    let folder = try Self.folderOfPassingScenarios()
    defer { folder.remove() }
    try folder.write("nested/b.txt", Self.passing.replacingOccurrences(of: "dispatch didTapIncrementButton\n", with: "dispatch didTapIncrementButton\ndispatch didTapIncrementButton\n").replacingOccurrences(of: "== 1", with: "== 2"))
    let run = try await folder.replshell("--check", ".")
    #expect(run.status == 1)
    #expect(run.standardOutput.contains("+counter> dispatch didTapIncrementButton"))
    #expect(run.lines.last == "scenarios: 2 passed, 1 failed")
    #expect(run.standardError.contains("mismatch: ./nested/b.txt differs from b.golden"))
  }

  @Test func aFailingCommandFailsTheScenarioWithItsLocation() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    try folder.write("wrong.txt", "use counter\nexpect selectValue == 5\n")
    // A golden that matches whatever it prints: the command alone must fail the scenario.
    try folder.write("wrong.golden", "replshell> use counter\n...\n")
    let run = try await folder.replshell("--check", "wrong.txt", "--junit", "report.xml")
    #expect(run.status == 1)
    #expect(run.standardError.contains("wrong.txt:2"))
    #expect(run.lines.last == "scenarios: 0 passed, 1 failed")
    let report = try #require(JUnitDocument(Data(contentsOf: folder.url.appendingPathComponent("report.xml"))))
    #expect(report.testCases.first?.failureMessage?.contains("wrong.txt:2") == true)
  }

  @Test func anOrphanGoldenFailsACheckAndIsPrunedOnlyOnRequest() async throws {
    let folder = try Self.folderOfPassingScenarios()
    defer { folder.remove() }
    try FileManager.default.removeItem(at: folder.url.appendingPathComponent("nested/b.txt"))
    let check = try await folder.replshell("--check", "nested")
    #expect(check.status == 1)
    #expect(check.standardError.contains("orphan: nested/b.golden has no script nested/b.txt"))
    #expect(check.lines.last == "scenarios: 1 passed, 1 failed")

    let update = try await folder.replshell("--update", "nested")
    #expect(update.status == 0)
    #expect(update.standardOutput.contains("orphan: nested/b.golden has no script nested/b.txt; add --prune to remove it"))
    #expect(update.lines.last == "scenarios: 1 passed, 0 failed")
    #expect(folder.contains("nested/b.golden"))

    let prune = try await folder.replshell("--update", "--prune", "nested")
    #expect(prune.status == 0)
    #expect(prune.standardOutput.contains("removed nested/b.golden"))
    #expect(!folder.contains("nested/b.golden"))
    let afterPrune = try await folder.replshell("--check", "nested")
    #expect(afterPrune.status == 0)
  }

  @Test func theJUnitReportParsesAndAgreesWithTheSummary() async throws {
    let folder = try Self.folderOfPassingScenarios()
    defer { folder.remove() }
    try folder.write("a.txt", Self.passing.replacingOccurrences(of: "use counter\n", with: "use counter\n# a <new> & \"odd\" comment \u{1B}[0m\n"))
    try folder.write("orphan.golden", "counter> \n")
    let run = try await folder.replshell("--check", ".", "--junit", "out/report.xml")
    #expect(run.status == 1)
    #expect(run.lines.last == "scenarios: 2 passed, 2 failed")
    let report = try #require(JUnitDocument(Data(contentsOf: folder.url.appendingPathComponent("out/report.xml"))))
    #expect(report.suites.count == 1)
    #expect(report.suites.first?["tests"] == "4")
    #expect(report.suites.first?["failures"] == "2")
    #expect(report.testCases.map(\.name) == ["./a.txt", "./nested/b.txt", "./nested/deeper/c.txt", "./orphan.golden"])
    #expect(report.testCases.filter { $0.failureMessage != nil }.count == 2)
    let diff = try #require(report.testCases[0].failureText)
    #expect(diff.contains("+# a <new> & \"odd\" comment \u{FFFD}[0m"))
    #expect(diff.hasPrefix("--- a.golden"))
    #expect(report.testCases[3].failureMessage?.contains("orphan: ./orphan.golden") == true)
  }

  /// `--junit` replaces the report a run wrote before (CI reruns), but not another file unless
  /// `--force`, nor a link: it is checked before any scenario runs, and the file is left as it was.
  @Test func theJUnitReportReplacesOnlyItsOwnFileUnlessForced() async throws {
    let folder = try Self.folderOfPassingScenarios()
    defer { folder.remove() }
    let report = folder.url.appendingPathComponent("report.xml")
    let first = try await folder.replshell("--check", ".", "--junit", "report.xml")
    #expect(first.status == 0, "\(first.standardError)")
    let rerun = try await folder.replshell("--check", ".", "--junit", "report.xml")
    #expect(rerun.status == 0 && rerun.standardError.isEmpty, "\(rerun.standardError)")

    try "notes of mine\n".write(to: report, atomically: true, encoding: .utf8)
    let refused = try await folder.replshell("--check", ".", "--junit", "report.xml")
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("--junit: cannot write report.xml: it exists and is not a JUnit report") && refused.standardError.contains("--force"), "\(refused.standardError)")
    #expect(!refused.standardOutput.contains("scenarios:"), "a scenario ran: \(refused.standardOutput)")
    #expect(try String(contentsOf: report, encoding: .utf8) == "notes of mine\n")

    try FileManager.default.removeItem(at: report)
    try FileManager.default.createSymbolicLink(atPath: report.path, withDestinationPath: "elsewhere.xml")
    let linked = try await folder.replshell("--check", ".", "--junit", "report.xml", "--force")
    #expect(linked.status == 1 && linked.standardError.contains("symbolic link"), "\(linked.standardError)")
    #expect(!folder.contains("elsewhere.xml"))

    try FileManager.default.removeItem(at: report)
    try "notes of mine\n".write(to: report, atomically: true, encoding: .utf8)
    let forced = try await folder.replshell("--check", ".", "--junit", "report.xml", "--force")
    #expect(forced.status == 0, "\(forced.standardError)")
    #expect(JUnitDocument(try Data(contentsOf: report)) != nil)
  }

  @Test func shardsCoverEveryScenarioExactlyOnce() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let names = (1...7).map { "s\($0).txt" }
    for name in names {
      try folder.write(name, Self.passing)
      try folder.write(name.replacingOccurrences(of: ".txt", with: ".golden"), ReviewedTranscripts.passingGolden)
    }
    var covered: [String] = []
    for index in 1...3 {
      let run = try await folder.replshell("--check", ".", "--shard", "\(index)/3")
      #expect(run.status == 0)
      let shard = run.lines.dropLast().map { String($0.dropFirst("ok: ./".count).prefix { $0 != " " }) }
      #expect(run.lines.last == "scenarios: \(shard.count) passed, 0 failed")
      covered += shard
    }
    #expect(covered.sorted() == names)
    #expect(covered.count == Set(covered).count)
  }

  @Test func aScriptThatIsNotUTF8IsNamedByLine() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    try folder.write("latin1.txt", Data("use counter\n# caf".utf8) + Data([0xE9]) + Data("\n".utf8))
    let run = try await folder.replshell("--script", "latin1.txt")
    #expect(run.status == 1)
    #expect(run.standardOutput == "error: latin1.txt:2: not UTF-8 text\n")
    #expect(run.standardError == "scenarios: 0 passed, 1 failed\n")
  }
}
