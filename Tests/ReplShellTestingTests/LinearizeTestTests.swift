import Linearizability
import ReplShell
import ReplShellTesting
import Testing

/// `LinearizeTest.check`, the one-call linearizability test of `ReplShellTesting`: a history that
/// is linearizable passes and attaches nothing; one that is not fails with its witness and the
/// page `linearize --html` draws, both attached.
@Suite struct LinearizeTestTests {
  /// Client 0 puts "1" and is told it is done; client 1 then reads "2", which nobody wrote.
  private static let lostPut = """
    {:process 0, :type :invoke, :f :put, :key "a", :value "1"}
    {:process 0, :type :ok, :f :put, :key "a", :value "1"}
    {:process 1, :type :invoke, :f :get, :key "a", :value nil}
    {:process 1, :type :ok, :f :get, :key "a", :value "2"}

    """

  @Test func aLinearizableHistoryPassesAndAttachesNothing() {
    let history = Self.lostPut.replacingOccurrences(of: "\"2\"", with: "\"1\"")
    let report = LinearizeTest.check(history: history, name: "kept-put.edn")
    #expect(report.outcome == .linearizable)
    #expect(report.findings == TestFindings())
    #expect(report.lines.count == 1 && report.lines[0].hasPrefix("kept-put.edn: linearizable (2 operations, 2 clients, "))
  }

  @Test func aHistoryThatIsNotLinearizableAttachesItsWitnessAndItsPage() throws {
    var found: LinearizeTest.Report?
    withKnownIssue {
      found = LinearizeTest.check(history: Self.lostPut, name: "lost-put.edn")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("lost-put.edn: not linearizable (2 operations, 2 clients, ")
    }
    let report = try #require(found)
    #expect(report.outcome == .notLinearizable)
    // What `replshell linearize --html` prints and draws for the same history.
    let run = LinearizeRun(domain: .keyValue).check(text: Self.lostPut, source: "lost-put.edn")
    let failure = try #require(run.failure)
    let page = HistoryPage(history: failure.part, witness: failure.witness, verdict: "not linearizable").html
    #expect(report.findings.failures == [report.lines.joined(separator: "\n")])
    #expect(
      report.findings.attachments == [
        TestFindings.TextAttachment(name: "lost-put-witness.txt", text: report.lines.joined(separator: "\n") + "\n"),
        TestFindings.TextAttachment(name: "lost-put.html", text: page),
      ])
    // The get alone fails: nothing ever wrote "2".
    #expect(report.lines.dropFirst().first == #"witness in partition "a": 1 of 2 operations, 1 of 2 clients"#, "\(report.lines)")
    #expect(page.hasPrefix("<!doctype html>") && page.contains("<h2>Witness: 1 operations</h2>"))
  }

  @Test func aHistoryThatCannotBeReadFailsWithoutAPage() throws {
    var found: LinearizeTest.Report?
    withKnownIssue {
      found = LinearizeTest.check(history: "{:process 0, :type :invoke\n", name: "torn.edn")
    }
    let report = try #require(found)
    #expect(report.outcome == .malformed)
    #expect(report.findings.failures.count == 1 && report.findings.attachments.isEmpty)
  }
}
