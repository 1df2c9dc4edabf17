import Foundation
import Testing

/// `explore --against BINARY` through the built `replshell`: a shell compared with itself agrees
/// on every step of every domain it runs; a binary that is not such a shell, or one that never
/// answers, is an error that says so, and the explore fails with exit status 1.
@Suite(.timeLimit(.minutes(3))) struct ExploreAgainstTests {
  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("against-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test(arguments: ["counter", "animals", "quakes"]) func theShellAgreesWithItself(domain: String) async throws {
    let folder = try folder()
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
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "use counter\nexplore --against /bin/true --runs 2\n".write(to: folder.appendingPathComponent("against.txt"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--script", "against.txt"], in: folder)
    #expect(run.status == 1)
    #expect(
      (run.standardOutput + run.standardError).contains("/bin/true could not start: it ended before saying hello (exit status 0): it is not a shell built on this library, or one that predates explore --against"),
      "\(run.standardOutput)\(run.standardError)")
  }

  @Test func aShellThatNeverAnswersIsStoppedAtItsTimeout() async throws {
    let folder = try folder()
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
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try "use counter\nexplore --against main\n".write(to: folder.appendingPathComponent("against.txt"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--script", "against.txt"], in: folder)
    #expect(run.status == 1)
    #expect((run.standardOutput + run.standardError).contains("is in no Swift package: run the shell from the package, or give the other shell's binary"), "\(run.standardOutput)\(run.standardError)")
  }

  @Test func optionsThatDoNotApplyAreRefusedAtTheirColumn() async throws {
    let folder = try folder()
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
