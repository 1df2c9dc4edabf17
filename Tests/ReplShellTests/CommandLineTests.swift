import Foundation
import ReplShellSession
import Scenarios
import SessionProtocol
import Testing
@testable import ReplShell

/// The command line says what to type instead, with the status a script can test: `--version`,
/// 64 for what it cannot read (with the nearest flag, domain or domain option), 1 for a failed
/// run; and at a terminal an error's column gets a caret under the line.
@Suite(.timeLimit(.minutes(10))) struct CommandLineTests {
  private func run(_ arguments: String...) async throws -> ReplShellRun {
    try await ReplShellRun.run(arguments, in: FileManager.default.temporaryDirectory, input: "")
  }

  @Test func versionAndUsageErrorsWithTheNearestName() async throws {
    let version = try await run("--version")
    #expect(version.status == 0 && version.standardOutput == "0.2.0\n")
    let domain = try await run("anmals")
    #expect(domain.status == 64 && domain.standardError.contains("unknown domain 'anmals'; did you mean 'animals'?"), "\(domain.standardError)")
    let flag = try await run("--scrpt", "x.txt")
    #expect(flag.status == 64 && flag.standardError.contains("unknown option '--scrpt'; did you mean `--script`?"), "\(flag.standardError)")
    let option = try await run("animals", "--stor", "x.sqlite")
    #expect(option.status == 64 && option.standardError.contains("`animals` has no option --stor; did you mean --store?"), "\(option.standardError)")
    let none = try await run("counter", "--store", "x")
    #expect(none.status == 64 && none.standardError.contains("`counter` has no option --store; it takes none"), "\(none.standardError)")
    let unused = try await run("animals", "--effects", "--store", "x.sqlite")
    #expect(unused.status == 64 && unused.standardError.contains("with --effects, animals runs its side effects in memory"), "\(unused.standardError)")
    let help = try await run("--help")
    #expect(help.standardOutput.contains("--inspect [<port>]") && help.standardOutput.contains("Exit status: 0 when every line or scenario succeeded, 1 when one failed, 64 for"))
  }

  /// `--effects` stands alone after the domain's name, as after `use <domain>`.
  @Test func aDomainStartsWithItsEffectsHeld() async throws {
    let held = try await ReplShellRun.run(["animals", "--effects"], in: FileManager.default.temporaryDirectory, input: "dispatch ui.categoryList.onAppear\neffects\n")
    #expect(held.status == 0, "\(held.standardError)")
    #expect(held.standardOutput.hasSuffix("1 held (`complete N` lets one finish, `fail N` fails it):\n  #1 fetchCategoriesQuery\n"), "\(held.standardOutput)")
  }

  @Test func aScriptWithoutUseSaysWhatToAdd() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nouse-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try "dispatch didTapIncrementButton\n".write(to: folder.appendingPathComponent("a.txt"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--script", "a.txt"], in: folder)
    #expect(run.status == 1)
    #expect(run.standardOutput.contains("error: a.txt:1: no domain is running: a scenario starts with `use <domain>`; add `use counter` before this line"), "\(run.standardOutput)")
  }

  @Test func aCaretMarksTheColumnUnderTheTypedLine() {
    let error = ErrorEvent(message: "`animals.data` has no `Kat`", location: nil, column: 20)
    let lines = ErrorCaret.adding(to: TranscriptRenderer.errorLines(error), events: [.error(error)], line: "state animals.data.Kat")
    #expect(lines.map(\.text) == [
      "error: column 20: `animals.data` has no `Kat`", "  state animals.data.Kat", "                     ^",
    ])
    let failed = ErrorEvent(message: "expectation failed: selectValue > 1\n  actual: 0", location: nil, column: 8)
    #expect(ErrorCaret.adding(to: TranscriptRenderer.errorLines(failed), events: [.error(failed)], line: "expect selectValue > 1").map(\.text) == [
      "error: column 8: expectation failed: selectValue > 1", "  expect selectValue > 1", "         ^", "  actual: 0",
    ])
    let scripted = ErrorEvent(message: "x", location: "a.txt:1", column: 3)
    #expect(ErrorCaret.adding(to: TranscriptRenderer.errorLines(scripted), events: [.error(scripted)], line: "abc").count == 1)
  }
}
