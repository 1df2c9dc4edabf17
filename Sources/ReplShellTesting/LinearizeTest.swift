import Foundation
import Linearizability
import ReplShell
import Testing

/// `linearize` as one Swift Testing call: a history of concurrent operations (EDN or JSON lines,
/// as `replshell linearize` reads them) is checked against a model, and a history that is not
/// linearizable is a test failure that shows the shrunk witness and attaches it
/// (`NAME-witness.txt`) with the page `linearize --html` draws of it (`NAME.html`): every
/// client's operations on a time line, the witness highlighted.
///
/// ```swift
/// @Test func theCartKeepsEveryAppend() {
///   LinearizeTest.check(historyAt: "Histories/cart.edn", domain: .keyValue)
/// }
/// ```
public enum LinearizeTest {
  /// What one check found: the lines `linearize` prints, its verdict, and the failures with
  /// their attachments.
  public struct Report: Sendable {
    /// What `linearize` prints for the history: the verdict, then the witness drawn.
    public let lines: [String]
    /// The verdict.
    public let outcome: LinearizeRun.Outcome
    /// The failures and what they attach: the witness and the page when not linearizable.
    public let findings: TestFindings
  }

  /// Checks the history file at `path` against `domain` (the key-value model by default), with
  /// `timeout` for the check and as much again for shrinking a failure (60 s when nil); records
  /// an issue when the history is not linearizable, has no verdict in time or cannot be read,
  /// with the witness and its page attached.
  @discardableResult
  public static func check(
    historyAt path: String, domain: LinearizabilityDomain = .keyValue, timeout: Duration? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Report {
    let report = run(domain: domain, timeout: timeout).check(path: path)
    return record(report, name: URL(fileURLWithPath: path).lastPathComponent, sourceLocation: sourceLocation)
  }

  /// Checks a history given as `text`, as a file would hold it, named `name` in what it
  /// reports; records an issue as `check(historyAt:)` does.
  @discardableResult
  public static func check(
    history text: String, name: String = "history.edn", domain: LinearizabilityDomain = .keyValue, timeout: Duration? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Report {
    let report = run(domain: domain, timeout: timeout).check(text: text, source: name)
    return record(report, name: name, sourceLocation: sourceLocation)
  }

  /// What a check of `run`'s report on the history named `name` finds, without recording it.
  static func report(on run: LinearizeRun.Report, name: String) -> Report {
    let stem = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
    var findings = TestFindings()
    switch run.outcome {
    case .linearizable:
      break
    case .notLinearizable:
      findings.failures.append(run.lines.joined(separator: "\n"))
      findings.attachments.append(TestFindings.TextAttachment(name: stem + "-witness.txt", text: run.lines.joined(separator: "\n") + "\n"))
      if let failure = run.failure {
        let page = HistoryPage(history: failure.part, witness: failure.witness, verdict: "not linearizable")
        findings.attachments.append(TestFindings.TextAttachment(name: stem + ".html", text: page.html))
      }
    case .unknown, .malformed:
      findings.failures.append(run.lines.joined(separator: "\n"))
    }
    return Report(lines: run.lines, outcome: run.outcome, findings: findings)
  }

  /// A run against `domain` that shrinks and draws a failure.
  private static func run(domain: LinearizabilityDomain, timeout: Duration?) -> LinearizeRun {
    var run = LinearizeRun(domain: domain)
    run.timeout = timeout
    return run
  }

  /// The report on `run`, its findings recorded at `sourceLocation`.
  private static func record(_ run: LinearizeRun.Report, name: String, sourceLocation: SourceLocation) -> Report {
    let report = report(on: run, name: name)
    report.findings.record(sourceLocation: sourceLocation)
    return report
  }
}
