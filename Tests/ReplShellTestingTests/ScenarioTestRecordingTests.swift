import Foundation
import ReplShell
import ReplShellDomain
import SampleDomains
import Scenarios
import Testing
@testable import ReplShellTesting

/// `ScenarioTest` with record modes, in folders of their own: what each mode writes, that CI
/// writes nothing, that a link is never written through, and what a failure attaches.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ScenarioTestRecordingTests {
  /// A folder with a script of two increments; removed after the test.
  private struct Folder {
    let url: URL
    let script: URL

    init() throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-record-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      script = url.appendingPathComponent("count.txt")
      try "use counter\ndispatch didTapIncrementButton\ndispatch didTapIncrementButton\n".write(to: script, atomically: true, encoding: .utf8)
    }

    var golden: URL { ScriptRunner.goldenURL(for: script) }

    func goldenText() throws -> String? {
      FileManager.default.fileExists(atPath: golden.path) ? try String(contentsOf: golden, encoding: .utf8) : nil
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
  }

  private static let local: [String: String] = [:]

  @Test func missingWritesAMissingGoldenAndStillFails() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let report = await ScenarioTest(script: folder.script).run(domains: Domain.samples, record: .missing, environment: Self.local)
    #expect(report.wroteGolden)
    #expect(try folder.goldenText() == report.transcript)
    #expect(report.transcript.contains("+   value: 2"))
    #expect(report.findings.failures == ["count.txt had no golden: wrote \(folder.golden.path) from this run (record mode missing); read it, then commit it"])
    // The next run matches what was written.
    let again = await ScenarioTest(script: folder.script).run(domains: Domain.samples, record: .missing, environment: Self.local)
    #expect(again.findings.passed && !again.wroteGolden)
    // `all` rewrites only a golden whose bytes would change: this one passes untouched.
    let all = await ScenarioTest(script: folder.script).run(domains: Domain.samples, record: .all, environment: Self.local)
    #expect(all.findings.passed && !all.wroteGolden)
  }

  @Test func theDefaultLocallyIsMissing() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let report = await ScenarioTest(script: folder.script).run(domains: Domain.samples, record: nil, environment: Self.local)
    #expect(report.wroteGolden)
    #expect(try folder.goldenText() == report.transcript)
  }

  @Test func neverWritesNothing() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let report = await ScenarioTest(script: folder.script).run(domains: Domain.samples, record: .never, environment: Self.local)
    #expect(!report.wroteGolden)
    #expect(try folder.goldenText() == nil)
    #expect(report.findings.failures.count == 1)
    #expect(report.findings.failures[0].hasPrefix("count.txt has no golden at \(folder.golden.path)"))
  }

  @Test(arguments: [RecordMode.all, nil])
  func onCINothingIsWrittenEvenWhenAsked(_ mode: RecordMode?) async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let ci = ["CI": "true", "REPLSHELL_RECORD": "all"]
    let report = await ScenarioTest(script: folder.script).run(domains: Domain.samples, record: mode, environment: ci)
    #expect(!report.wroteGolden)
    #expect(try folder.goldenText() == nil)
    #expect(report.findings.failures.count == 1)
    #expect(report.findings.failures[0].hasSuffix("on your machine (nothing is written on CI)"), "\(report.findings.failures)")
    // A differing golden is not rewritten on CI either.
    try "replshell> use counter\nstarted counter\n".write(to: folder.golden, atomically: true, encoding: .utf8)
    let differing = await ScenarioTest(script: folder.script).run(domains: Domain.samples, record: mode, environment: ci)
    #expect(!differing.wroteGolden && !differing.diff.isEmpty)
    #expect(try folder.goldenText() == "replshell> use counter\nstarted counter\n")
  }

  @Test func failedRewritesADifferingGoldenAndMissingDoesNot() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let stale = "replshell> use counter\nstarted counter\ncounter> dispatch didTapIncrementButton\n...\n+   value: 3\n  )\n"
    try stale.write(to: folder.golden, atomically: true, encoding: .utf8)
    let kept = await ScenarioTest(script: folder.script).run(domains: Domain.samples, record: .missing, environment: Self.local)
    #expect(!kept.wroteGolden && !kept.diff.isEmpty)
    #expect(try folder.goldenText() == stale)
    let rewritten = await ScenarioTest(script: folder.script).run(domains: Domain.samples, record: .failed, environment: Self.local)
    #expect(rewritten.wroteGolden)
    #expect(rewritten.diff == kept.diff)
    #expect(rewritten.findings.failures.count == 1)
    #expect(rewritten.findings.failures[0].hasPrefix("count.txt differs from count.golden: rewrote it (record mode failed); read the diff, then commit it:\n"))
    let written = try #require(try folder.goldenText())
    #expect(written != stale && GoldenComparison(golden: written, transcript: rewritten.transcript).matches)
    let again = await ScenarioTest(script: folder.script).run(domains: Domain.samples, record: .failed, environment: Self.local)
    #expect(again.findings.passed && !again.wroteGolden)
  }

  @Test func aGoldenThatIsALinkIsNeverWrittenThrough() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    let target = folder.url.appendingPathComponent("elsewhere.txt")
    try "not a golden\n".write(to: target, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(at: folder.golden, withDestinationURL: target)
    let report = await ScenarioTest(script: folder.script).run(domains: Domain.samples, record: .all, environment: Self.local)
    #expect(!report.wroteGolden)
    #expect(report.findings.failures.count == 1 && report.findings.failures[0].contains("symbolic link"), "\(report.findings.failures)")
    #expect(try String(contentsOf: target, encoding: .utf8) == "not a golden\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.golden.path) == target.path)
  }

  @Test func aMismatchAttachesTheDiffAndTheTranscript() async {
    let scenario = ScenarioTest(script: fixtures.appendingPathComponent("wrong-golden.txt"))
    let report = await scenario.run(domains: Domain.samples, record: .never, environment: Self.local)
    #expect(report.findings.attachments.map(\.name) == ["wrong-golden.diff", "wrong-golden.transcript.txt"])
    #expect(report.findings.attachments[0].text == report.diff)
    #expect(report.diff.contains("-+   value: 2") && report.diff.contains("++   value: 1"))
    #expect(report.findings.attachments[1].text == report.transcript)
    #expect(report.transcript.hasPrefix("replshell> use counter\nstarted counter\n"))
  }

  @Test func aMatchingScenarioHasNoFailure() async {
    let report = await ScenarioTest(script: fixtures.appendingPathComponent("two-increments.txt")).run(
      domains: Domain.samples, record: .never, environment: Self.local)
    #expect(report.findings.passed && !report.wroteGolden && report.diff.isEmpty)
  }

  @Test func aScenarioInTheTestsSourceAttachesItsDiff() async {
    let outcome = await ScriptRunner(domains: Domain.samples).run(text: "use counter\n", name: "shrunk.txt", baseDirectory: fixtures)
    let findings = ScenarioTest.inlineFindings(of: outcome, golden: "replshell> use counter\nstarted tally\n", name: "shrunk.txt")
    #expect(findings.failures.count == 1 && findings.failures[0].hasPrefix("shrunk.txt differs from its golden:\n"))
    #expect(findings.attachments.map(\.name) == ["shrunk.diff", "shrunk.transcript.txt"])
    #expect(findings.attachments[0].text.contains("-started tally\n+started counter"))
  }

  @Test func aLinearizeLineThatFailsAttachesTheWitnessPage() async throws {
    let folder = try Folder()
    defer { folder.remove() }
    // Client 0 puts "1" and is told it is done; client 1 then reads "2", which nobody wrote.
    let history = """
      {:process 0, :type :invoke, :f :put, :key "a", :value "1"}
      {:process 0, :type :ok, :f :put, :key "a", :value "1"}
      {:process 1, :type :invoke, :f :get, :key "a", :value nil}
      {:process 1, :type :ok, :f :get, :key "a", :value "2"}

      """
    try history.write(to: folder.url.appendingPathComponent("lost-put.edn"), atomically: true, encoding: .utf8)
    try history.replacingOccurrences(of: "\"2\"", with: "\"1\"").write(
      to: folder.url.appendingPathComponent("kept-put.edn"), atomically: true, encoding: .utf8)
    try "linearize --domain kv kept-put.edn\nlinearize --domain kv lost-put.edn\n".write(to: folder.script, atomically: true, encoding: .utf8)
    try "[..]\n".write(to: folder.golden, atomically: true, encoding: .utf8)
    let report = await ScenarioTest(script: folder.script).run(domains: Domain.samples, record: .never, environment: Self.local)
    #expect(report.findings.failures.first?.hasPrefix("count.txt failed: ") == true, "\(report.findings.failures)")
    #expect(report.findings.attachments.map(\.name) == ["count.diff", "count.transcript.txt", "count-lost-put.html"])
    // The page `linearize --html` draws of the same history: the failed part's two operations,
    // the get that read what nobody wrote marked as the one that cannot be placed.
    let page = try #require(report.findings.attachments.last?.text)
    #expect(page.hasPrefix("<!doctype html>") && page.contains("<title>lost-put.edn: not linearizable</title>"))
    #expect(page.contains("<h2>Witness: 1 operations</h2>") && page.contains("2 operations of 2 clients, partition &quot;a&quot;"), "\(page)")
    #expect(page.components(separatedBy: "class=\"op ok witness blocked\"").count == 2, "\(page)")
    #expect(page.contains("witness in partition &quot;a&quot;: 1 of 2 operations, 1 of 2 clients"))
    // A scenario whose histories all pass attaches no page.
    try "linearize --domain kv kept-put.edn\n".write(to: folder.script, atomically: true, encoding: .utf8)
    let passing = await ScenarioTest(script: folder.script).run(domains: Domain.samples, record: .never, environment: Self.local)
    #expect(!passing.findings.attachments.contains { $0.name.hasSuffix(".html") })
  }
}
