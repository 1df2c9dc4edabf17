import Foundation
import Testing

/// A folder of its own for one test's scripts and what they write.
private func againstFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("against-\(UUID().uuidString.prefix(8))")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// `explore --against BINARY` through the built `replshell`: a shell compared with itself agrees
/// on every step of every domain it runs; a binary that is not such a shell, or one that never
/// answers, is an error that says so, and the explore fails with exit status 1.
@Suite(.timeLimit(.minutes(10))) struct ExploreAgainstTests {

  @Test(arguments: ["counter", "animals", "quakes"]) func theShellAgreesWithItself(domain: String) async throws {
    let folder = try againstFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let binary = try ReplShellRun.executable.path
    let script = "use \(domain)\nexplore --against \(binary) --runs 20 --steps 30 --seed 11\n"
    try script.write(to: folder.appendingPathComponent("against.txt"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--script", "against.txt"], in: folder)
    #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    #expect(run.lines.contains("noise: none (two runs of the old revision agreed on every step of the first 8 runs)"), "\(run.lines)")
    #expect(run.lines.contains("the revisions agree on every step of 20 runs"), "\(run.lines)")
    #expect(run.lines.contains { $0.hasPrefix("compared ") && $0.contains(" steps in 20 runs: ") }, "\(run.lines)")
  }

  @Test func aProgramThatIsNoShellIsSaidToBeOne() async throws {
    let folder = try againstFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "use counter\nexplore --against /bin/true --runs 2\n".write(to: folder.appendingPathComponent("against.txt"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--script", "against.txt"], in: folder)
    #expect(run.status == 1)
    #expect(
      (run.standardOutput + run.standardError).contains("/bin/true could not start: it ended before saying hello (exit status 0): it is not a shell built on this library, or one that predates explore --against"),
      "\(run.standardOutput)\(run.standardError)")
  }

  @Test func aShellThatNeverAnswersIsStoppedAtItsTimeout() async throws {
    let folder = try againstFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let silent = folder.appendingPathComponent("silent-shell")
    try "#!/bin/sh\nexec sleep 600\n".write(to: silent, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: silent.path)
    try "use counter\nexplore --against silent-shell --runs 2\n".write(to: folder.appendingPathComponent("against.txt"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--script", "against.txt"], in: folder, environment: ["REPLSHELL_AGAINST_TIMEOUT": "1"])
    #expect(run.status == 1)
    #expect((run.standardOutput + run.standardError).contains("silent-shell could not start: it did not say hello within 1.0 s and was stopped"), "\(run.standardOutput)\(run.standardError)")
  }

  @Test func aRevisionOutsideAnyPackageSaysWhatToGive() async throws {
    let folder = try againstFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "use counter\nexplore --against main\n".write(to: folder.appendingPathComponent("against.txt"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--script", "against.txt"], in: folder)
    #expect(run.status == 1)
    #expect((run.standardOutput + run.standardError).contains("is in no Swift package: run the shell from the package, or give the other shell's binary"), "\(run.standardOutput)\(run.standardError)")
  }

  @Test func optionsThatDoNotApplyAreRefusedAtTheirColumn() async throws {
    let folder = try againstFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "use counter\nexplore --against main --guided\n".write(to: folder.appendingPathComponent("against.txt"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--script", "against.txt"], in: folder)
    #expect(run.status == 1)
    #expect((run.standardOutput + run.standardError).contains("--against compares the reducer alone, run after run, with another revision's: leave out --guided"), "\(run.standardOutput)\(run.standardError)")
    try "use counter\nexplore --allow-change value\n".write(to: folder.appendingPathComponent("allow.txt"), atomically: true, encoding: .utf8)
    let allow = try await ReplShellRun.run(["--script", "allow.txt"], in: folder)
    #expect((allow.standardOutput + allow.standardError).contains("--allow-change names what another revision may differ in: add `--against REV`"), "\(allow.standardOutput)\(allow.standardError)")
  }
}

/// The real `replshell` against a shell whose Counter refactor went wrong at -3: the divergence is
/// found, shrunk to the four decrements that reach it, shown as both states, saved as a scenario
/// whose golden the other shell wrote (and which `--check` fails), and found again in a recording.
@Suite(.timeLimit(.minutes(10))) struct ExploreAgainstDivergenceTests {
  private static var fixture: String {
    get throws { try ReplShellRun.executable.deletingLastPathComponent().appendingPathComponent("AgainstFixtureShell").path }
  }


  @Test func theRarePathIsFoundShrunkAndSaved() async throws {
    let folder = try againstFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = "use counter\nexplore --against \(try Self.fixture) --seed 5 --runs 300 --save found.txt\n"
    try script.write(to: folder.appendingPathComponent("against.txt"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--script", "against.txt"], in: folder)
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    let lines = run.lines
    let start = try #require(lines.firstIndex { $0.hasPrefix("divergence in run ") }, "\(lines)")
    #expect(lines[start].contains(", shrunk to 4 in "), "\(lines)")
    #expect(Array(lines[(start + 1)...(start + 4)]) == Array(repeating: "  dispatch didTapDecrementButton", count: 4), "\(lines)")
    #expect(lines.contains("  old (\(try Self.fixture)): accepted"), "\(lines)")
    #expect(lines.contains("the states differ at value (old → new):"), "\(lines)")
    #expect(lines.contains("-  value: -3") && lines.contains("+  value: -4"), "\(lines)")
    let saved = try String(contentsOf: folder.appendingPathComponent("found.txt"), encoding: .utf8)
    #expect(saved.hasPrefix("use counter\n# found by explore --against "), "\(saved)")
    #expect(saved.hasSuffix(String(repeating: "dispatch --may-reject didTapDecrementButton\n", count: 4) + "state value\n"), "\(saved)")
    let golden = try String(contentsOf: folder.appendingPathComponent("found.golden"), encoding: .utf8)
    #expect(golden.hasSuffix("counter> state value\n-3\n"), "\(golden)")
    // This shell does not behave as the other did: the scenario fails until it does, or --update declares it.
    let check = try await ReplShellRun.run(["--check", "found.txt"], in: folder)
    #expect(check.status == 1, "\(check.standardOutput)")
  }

  @Test func formatJSONCarriesTheDivergenceAsData() async throws {
    let folder = try againstFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "use counter\nexplore --against \(try Self.fixture) --seed 5 --runs 300\n".write(
      to: folder.appendingPathComponent("against.txt"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--format", "json", "--script", "against.txt"], in: folder)
    #expect(run.status == 1)
    let reports = try run.lines.compactMap { line -> [String: Any]? in
      guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], object["event"] as? String == "report" else { return nil }
      return object
    }
    let report = try #require(reports.first, "\(run.standardOutput)")
    #expect(report["tool"] as? String == "against")
    let value = try #require(report["value"] as? [String: Any])
    #expect(value["revision"] as? String == (try Self.fixture) && value["commit"] is NSNull && value["compared"] as? String == "runs")
    #expect(value["seed"] as? Int == 5 && value["noise"] as? [String] == [])
    let divergence = try #require(value["divergence"] as? [String: Any], "\(value)")
    #expect(divergence["actions"] as? [String] == Array(repeating: "didTapDecrementButton", count: 4))
    #expect((divergence["old"] as? [String: Any])?["outcome"] as? String == "accepted")
    let paths = try #require(divergence["paths"] as? [[String: Any]])
    #expect(paths.count == 1 && paths[0]["path"] as? String == "value" && paths[0]["old"] as? Int == -3 && paths[0]["new"] as? Int == -4, "\(paths)")
  }

  @Test func aRecordingIsComparedAsItWasRecorded() async throws {
    let folder = try againstFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = "use counter\n" + String(repeating: "dispatch didTapDecrementButton\n", count: 5) + "dispatch didTapIncrementButton\n"
    try script.write(to: folder.appendingPathComponent("session.txt"), atomically: true, encoding: .utf8)
    let recorded = try await ReplShellRun.run(["--format", "json", "--script", "session.txt"], in: folder)
    try recorded.standardOutput.write(to: folder.appendingPathComponent("session.jsonl"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--replay", "session.jsonl", "--against", try Self.fixture], in: folder)
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    #expect(run.lines.first?.hasSuffix(": this session's history (6 actions from its start) through this shell's reducer and the other's, in a process of its own") == true, "\(run.lines)")
    #expect(run.lines.contains("divergence in the history: 4 actions, shrunk to 4 in 0 shrink steps"), "\(run.lines)")
    let agreeing = try await ReplShellRun.run(["--replay", "session.jsonl", "--against", try ReplShellRun.executable.path], in: folder)
    #expect(agreeing.status == 0, "\(agreeing.standardOutput)\(agreeing.standardError)")
    #expect(agreeing.lines.contains("the revisions agree on every step of the history"), "\(agreeing.lines)")
  }
}
