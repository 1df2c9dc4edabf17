import Foundation
import ReplShellDomain
import ReplShellTesting
import SampleDomains
import Scenarios
import Testing

/// Every shell transcript in the manual and the README — a fenced block whose first line is a
/// prompt of a sample domain (`counter> `, `animals> `, `quakes> `, `replshell> `) — is run as a
/// scenario of its own commands, in a fresh session, and compared with the block as a golden is
/// compared with its transcript: with the same redactions and wildcards (`[..]` in a line, a line
/// of `...` for any lines). A changed output line fails this test, naming the file and the line.
/// A block that cannot run here (the USGS feed, a client's app) says so on the line before it:
/// `<!-- unchecked: why -->`; a block that goes on with the session of the block before it says
/// `<!-- continues -->`; one that shows the prompt where it differs from a script says
/// `<!-- at the prompt -->`, and `ManualTerminalTests` runs it in a terminal. `REPLSHELL_RECORD=failed` rewrites the blocks that differ with what
/// the shell printed, their wildcards kept where they still match (`RecordMode`).
@MainActor @Suite struct ManualExampleTests {
  @Test func everyTranscriptInTheManualIsWhatTheShellPrints() async throws {
    let examples = try ManualExample.all()
    #expect(examples.count >= 10, "only \(examples.count) transcripts found: is the manual where this test looks?")
    let mode = try RecordMode.current()
    var checked = 0
    var rewrites: [String: [(example: ManualExample, lines: [String])]] = [:]
    for example in examples where example.skipReason == nil && !example.atThePrompt {
      let runner = ScriptRunner(domains: Domain.samples)
      let outcome = await runner.run(
        text: example.script, name: example.file, baseDirectory: ManualExample.root, prelude: example.prelude)
      let comparison = GoldenComparison(golden: example.expected, transcript: outcome.text)
      checked += 1
      guard !comparison.matches else { continue }
      let wrote = mode.writes(missing: false, differs: true)
      if wrote {
        // What `--update` would write: the shell's transcript, the block's wildcards kept where they still match.
        let updated = comparison.updatedGolden.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        rewrites[example.file, default: []].append((example, Array(updated.dropFirst(example.earlier.count))))
      }
      let diff = comparison.diff(goldenName: example.location, transcriptName: "the shell")
      let changed = ManualExample.firstChangedLine(inDiff: diff).map(example.fileLine(ofExpectedLine:)) ?? example.line
      Issue.record(
        "\(example.file):\(changed): the example at line \(example.line) differs from what the shell prints\(wrote ? ", rewritten now: read the change, then commit it" : "; rerun with REPLSHELL_RECORD=failed to rewrite it"):\n\(diff)")
    }
    for (file, changes) in rewrites {
      try ManualExample.rewrite(file, changes)
    }
    #expect(checked > 0)
  }

  @Test func aFailureNamesTheLineThatChanged() {
    let diff = "--- a\n+++ b\n@@ -2,4 +2,4 @@\n   CounterState(\n-   value: 0\n+   value: 1\n   )\n"
    #expect(ManualExample.firstChangedLine(inDiff: diff) == 3)
    #expect(ManualExample.firstChangedLine(inDiff: "") == nil)
    var block = ManualExample(file: "x.md", line: 10, lines: ["counter> state", "0"], skipReason: nil)
    #expect(block.fileLine(ofExpectedLine: 2) == 11)
    block.earlier = ["counter> reset", "reset"]
    #expect(block.fileLine(ofExpectedLine: 4) == 11 && block.fileLine(ofExpectedLine: 1) == 10)
  }

  @Test func aTranscriptIsReadAsAScriptOfItsCommands() {
    let block = ManualExample(file: "x.md", line: 3, lines: ["counter> dispatch didTapIncrementButton", "  CounterState(", "counter> select selectValue", "1"], skipReason: nil)
    #expect(block.prelude == ["use counter"])
    #expect(block.script == "dispatch didTapIncrementButton\nselect selectValue\n")
    #expect(block.expected == "counter> dispatch didTapIncrementButton\n  CounterState(\ncounter> select selectValue\n1\n")
    let started = ManualExample(file: "x.md", line: 3, lines: ["replshell> use animals", "started animals"], skipReason: nil)
    #expect(started.prelude.isEmpty && started.script == "use animals\n")
  }
}

/// One transcript of the manual: where it is, its lines, and why it is not run, if it is not.
struct ManualExample {
  /// The file, relative to the package.
  let file: String
  /// The line of its first transcript line.
  let line: Int
  let lines: [String]
  let skipReason: String?
  /// The lines of the blocks this one continues (`<!-- continues -->` before it), in order.
  var earlier: [String] = []
  /// True for a transcript of the prompt (`<!-- at the prompt -->` before it), which differs
  /// from a script's: `ManualTerminalTests` types it into `replshell` in a terminal.
  var atThePrompt = false

  init(file: String, line: Int, lines: [String], skipReason: String?) {
    self.file = file
    self.line = line
    self.lines = lines
    self.skipReason = skipReason
  }

  /// `file:line`, as a failure names it.
  var location: String { "\(file):\(line)" }

  /// The line in the file of line `number` (1 for the first) of `expected`, which starts with the
  /// lines of the blocks this one continues (those count as this block's first line).
  func fileLine(ofExpectedLine number: Int) -> Int {
    line + max(0, number - 1 - earlier.count)
  }

  /// The line, in the old text of a unified diff (1 for the first), of its first change: the line
  /// removed, or the line an added one goes before; nil for an empty diff.
  static func firstChangedLine(inDiff diff: String) -> Int? {
    var old: Int?
    for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("@@ -") {
        old = Int(line.dropFirst(4).prefix { $0.isNumber })
      } else if let current = old {
        if line.hasPrefix("-") || line.hasPrefix("+") { return current }
        if line.hasPrefix(" ") { old = current + 1 }
      }
    }
    return nil
  }

  /// The prompts of the sample domains a transcript may start with; the shell before any `use`.
  static let prompts = ["counter", "animals", "quakes", "replshell"]

  /// The domain of a prompt line (`counter> state` → `counter`), or nil when it is no prompt.
  static func promptDomain(_ line: String) -> String? {
    guard let cut = line.range(of: "> ") else { return nil }
    let domain = String(line[..<cut.lowerBound])
    return prompts.contains(domain) ? domain : nil
  }

  /// The commands of the transcript, as the script that prints it.
  var script: String {
    (earlier + lines).compactMap { line in
      Self.promptDomain(line).map { String(line.dropFirst($0.count + 2)) }
    }.map { $0 + "\n" }.joined()
  }

  /// What runs first, unechoed: `use` of the domain the first prompt names.
  var prelude: [String] {
    guard let first = (earlier + lines).first.flatMap(Self.promptDomain), first != "replshell" else { return [] }
    return ["use \(first)"]
  }

  /// The transcript the block shows.
  var expected: String {
    (earlier + lines).map { $0 + "\n" }.joined()
  }

  /// The package's folder.
  static var root: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  /// Replaces each example's lines in `file` with `lines`, from the last example up, so that the
  /// line numbers of the others hold.
  static func rewrite(_ file: String, _ changes: [(example: ManualExample, lines: [String])]) throws {
    try rewrite(file, blocks: changes.map { (line: $0.example.line, count: $0.example.lines.count, lines: $0.lines) })
  }

  /// Replaces, in `file`, the `count` lines from each block's `line` (1 for the first) with its
  /// `lines`, from the last block up.
  static func rewrite(_ file: String, blocks: [(line: Int, count: Int, lines: [String])]) throws {
    let url = root.appendingPathComponent(file)
    var text = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for block in blocks.sorted(by: { $0.line > $1.line }) {
      let start = block.line - 1
      text.replaceSubrange(start..<(start + block.count), with: block.lines)
    }
    try text.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
  }

  /// The README and every article of every DocC catalog under `Sources/`, relative to the
  /// package, sorted.
  static func manualFiles() -> [String] {
    var files = ["README.md"]
    let sources = root.appendingPathComponent("Sources")
    if let walker = FileManager.default.enumerator(atPath: sources.path) {
      for case let path as String in walker where path.hasSuffix(".md") && path.contains(".docc/") {
        files.append("Sources/" + path)
      }
    }
    return files.sorted()
  }

  /// Every transcript in the README and in every DocC catalog under `Sources/`.
  static func all() throws -> [ManualExample] {
    try manualFiles().flatMap { file in
      try transcripts(in: String(contentsOf: root.appendingPathComponent(file), encoding: .utf8), file: file)
    }
  }

  /// The transcripts among the fenced blocks of `text`.
  static func transcripts(in text: String, file: String) -> [ManualExample] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var found: [ManualExample] = []
    for block in FencedBlock.all(in: lines) {
      guard let first = block.body.first, promptDomain(first) != nil else { continue }
      let index = block.fence
      let before = (0..<index).reversed().first { !lines[$0].trimmingCharacters(in: .whitespaces).isEmpty }.map { lines[$0] }
      let skip = before.flatMap { line -> String? in
        guard line.hasPrefix("<!-- unchecked:"), line.hasSuffix("-->") else { return nil }
        return String(line.dropFirst("<!-- unchecked:".count).dropLast(3)).trimmingCharacters(in: .whitespaces)
      }
      var example = ManualExample(file: file, line: block.firstLine, lines: block.body, skipReason: skip)
      example.atThePrompt = before == "<!-- at the prompt -->"
      if before == "<!-- continues -->", let previous = found.last {
        // The session goes on from the block before: its lines come first, checked again.
        example.earlier = previous.earlier + previous.lines
      }
      found.append(example)
    }
    return found
  }
}
