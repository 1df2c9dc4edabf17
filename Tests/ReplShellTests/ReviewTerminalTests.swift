import Foundation
import Testing

/// `--review` at a terminal: one key per failing scenario, through the built `replshell` on a
/// pseudo-terminal, each key typed only once its question shows.
@Suite(.timeLimit(.minutes(10)))
struct ReviewTerminalTests {
  static let question = "accept (a), reject (r), skip (s), accept all the rest (A), quit (q)? "

  @Test func keysAcceptRejectAndSkipThenASummary() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    for name in ["a", "b", "c"] {
      try folder.write("\(name).txt", ReviewedTranscripts.counting + "select selectValue\n")
      try folder.write("\(name).golden", ReviewedTranscripts.countingGolden)
    }
    let check = try await folder.replshell("--check", ".")
    #expect(check.status == 1)
    #expect(check.lines.last == "scenarios: 0 passed, 3 failed")
    #expect(folder.contains("a.golden.new") && folder.contains("b.golden.new") && folder.contains("c.golden.new"))

    let terminal = try TerminalSession(["--review", "."], in: folder.url)
    for key in ["a", "r", "s"] {
      try await terminal.waitFor(Self.question)
      terminal.type(key)
    }
    try await terminal.waitFor("review: 1 accepted, 1 rejected, 1 skipped\n")
    #expect(try await terminal.exitStatus() == 1)
    #expect(terminal.screen.contains("[1/3] ./a.txt\n--- a.golden"))
    #expect(try folder.read("a.golden") == ReviewedTranscripts.countingGolden + "counter> select selectValue\n1\n")
    #expect(try folder.read("b.golden") == ReviewedTranscripts.countingGolden)
    #expect(try folder.read("c.golden") == ReviewedTranscripts.countingGolden)
    #expect(!folder.contains("a.golden.new") && !folder.contains("b.golden.new") && folder.contains("c.golden.new"))
  }
}
