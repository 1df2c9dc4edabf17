import Foundation
import Testing

/// The golden workflow for real apps, through the built `replshell`: redactions, wildcards kept by
/// `--update`, `.golden.new` files for CI, and `--review` without a terminal.
@Suite(.timeLimit(.minutes(10))) struct GoldenWorkflowTests {
  static let counting = ReviewedTranscripts.counting

  /// A folder with `a.txt` and its reviewed golden, which `--check` must accept.
  static func folderWithGolden(_ script: String = counting, golden: String = ReviewedTranscripts.countingGolden) async throws -> ScenarioFolder {
    let folder = try ScenarioFolder()
    try folder.write("a.txt", script)
    try folder.write("a.golden", golden)
    let check = try await folder.replshell("--check", "a.txt")
    #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    return folder
  }

  @Test func aMismatchOrAMissingGoldenLeavesTheNewTranscriptBesideIt() async throws {
    let folder = try await Self.folderWithGolden()
    defer { folder.remove() }
    try folder.write("a.txt", Self.counting + "select selectValue\n")
    try folder.write("sub/b.txt", Self.counting)
    let run = try await folder.replshell("--check", ".")
    #expect(run.status == 1)
    #expect(run.standardError.contains("mismatch: ./a.txt differs from a.golden (new transcript in ./a.golden.new)"))
    #expect(run.standardError.contains("no golden at"))
    #expect(try folder.read("a.golden.new").hasSuffix("counter> select selectValue\n1\ncounter> select selectValue\n1\n"))
    #expect(folder.contains("sub/b.golden.new"))

    let update = try await folder.replshell("--update", ".")
    #expect(update.status == 0)
    #expect(update.standardOutput.contains("removed ./a.golden.new"))
    #expect(!folder.contains("a.golden.new") && !folder.contains("sub/b.golden.new"))
  }

  @Test func newGoldensCanGoUnderAFolderForCIArtifacts() async throws {
    let folder = try await Self.folderWithGolden()
    defer { folder.remove() }
    try folder.write("a.txt", Self.counting + "select selectValue\n")
    let run = try await folder.replshell("--check", "a.txt", "--new-goldens", "out")
    #expect(run.status == 1)
    #expect(folder.contains("out/a.golden.new") && !folder.contains("a.golden.new"))
    let update = try await folder.replshell("--update", "a.txt", "--new-goldens", "out")
    #expect(update.status == 0)
    #expect(!folder.contains("out/a.golden.new"))
    let misused = try await folder.replshell("--new-goldens", "out")
    #expect(misused.status == 64)
  }

  @Test func wildcardsMatchAndUpdateKeepsThemWhereTheyStillMatch() async throws {
    let folder = try await Self.folderWithGolden()
    defer { folder.remove() }
    try folder.write("a.golden", "replshell> use counter\nstarted [..]\n...\ncounter> select selectValue\n1\n")
    let matched = try await folder.replshell("--check", "a.txt")
    #expect(matched.status == 0)
    try folder.write("a.txt", Self.counting.replacingOccurrences(of: "select selectValue", with: "dispatch didTapIncrementButton\nselect selectValue"))
    let check = try await folder.replshell("--check", "a.txt")
    #expect(check.status == 1)
    #expect(check.standardOutput.contains("-1\n+2\n"))
    #expect(!check.standardOutput.contains("started counter"))
    let update = try await folder.replshell("--update", "a.txt")
    #expect(update.status == 0)
    #expect(try folder.read("a.golden") == "replshell> use counter\nstarted [..]\n...\ncounter> select selectValue\n2\n")
  }

  @Test func redactionsApplyUnlessNoRedact() async throws {
    let folder = try await Self.folderWithGolden(
      "use counter\nredact /value: \\d+/ as [n]\ndispatch didTapIncrementButton\n",
      golden: "replshell> use counter\nstarted counter\ncounter> redact /value: \\d+/ as [n]\ncounter> dispatch didTapIncrementButton\n  CounterState(\n-   [n]\n+   [n]\n  )\n")
    defer { folder.remove() }
    #expect(try folder.read("a.golden").contains("-   [n]\n+   [n]\n"))
    let raw = try await folder.replshell("--script", "a.txt", "--no-redact")
    #expect(raw.standardOutput.contains("-   value: 0\n+   value: 1\n"))
    #expect(try await folder.replshell("--check", "a.txt", "--no-redact").status == 1)
  }

  @Test func reviewWithoutATerminalSaysWhatToTypeInstead() async throws {
    let folder = try await Self.folderWithGolden()
    defer { folder.remove() }
    try folder.write("a.txt", Self.counting + "select selectValue\n")
    let golden = try folder.read("a.golden")
    let run = try await folder.replshell("--review", ".")
    #expect(run.status == 1)
    #expect(run.standardOutput.contains("+counter> select selectValue"))
    #expect(run.standardError.contains("--review reads single keys from a terminal; without one, accept chosen scenarios with:"))
    #expect(run.standardError.contains("--update ./a.txt"))
    #expect(try folder.read("a.golden") == golden)
  }
}
