import Foundation
import ReplShell
import Scenarios
import Testing

extension ScenarioTest {
  /// What one check of a scenario saw: its transcript, the diff against its golden, whether the
  /// golden was written, and the failures with their attachments.
  public struct Report: Sendable {
    /// The transcript of this run.
    public let transcript: String
    /// The unified diff of the golden against the transcript; empty when they match or there is
    /// no golden to compare with.
    public let diff: String
    /// True when this run wrote the golden (the record mode allowed it).
    public let wroteGolden: Bool
    /// The failures and what they attach.
    public let findings: TestFindings
  }

  /// The report on `outcome`, a run of the script: compared with the golden, which is written
  /// when `record` (else the environment's mode) allows it where `environment` runs.
  func report(on outcome: ScriptRunner.Outcome, record: RecordMode?, environment: [String: String]) -> Report {
    let name = script.lastPathComponent
    var findings = TestFindings()
    if !outcome.succeeded {
      let error = outcome.transcript.last { $0.kind == .error }?.text ?? "the script failed"
      findings.failures.append("\(name) failed: \(error)")
    }
    let transcript = TestFindings.TextAttachment(name: script.deletingPathExtension().lastPathComponent + ".transcript.txt", text: outcome.text)
    findings.attachments.append(transcript)
    findings.attachments += Self.witnessPages(in: outcome, stem: script.deletingPathExtension().lastPathComponent)
    var mode = RecordMode.never
    if let record {
      mode = record.allowed(in: environment)
    } else {
      do {
        mode = try RecordMode.current(in: environment)
      } catch {
        findings.failures.append("\(name): \(error.description); no golden is written")
      }
    }
    let found: GoldenComparison?
    do {
      found = try GoldenComparison(goldenAt: golden, transcript: outcome.text)
    } catch {
      // A golden that cannot be read (a link, a folder, not UTF-8) is never written over.
      findings.failures.append("\(name): \(error.message)")
      return Report(transcript: outcome.text, diff: "", wroteGolden: false, findings: findings)
    }
    guard let comparison = found else {
      let wrote = mode.writes(missing: true, differs: true) && write(outcome.text, findings: &findings)
      findings.failures.append(
        wrote
          ? "\(name) had no golden: wrote \(golden.path) from this run (record mode \(mode.rawValue)); read it, then commit it"
          : "\(name) has no golden at \(golden.path); review the transcript, then write it with \(Self.recordAdvice(.missing, environment))")
      return Report(transcript: outcome.text, diff: "", wroteGolden: wrote, findings: findings)
    }
    let diff = comparison.diff(goldenName: golden.lastPathComponent, transcriptName: "\(name) (this run)")
    if !diff.isEmpty {
      findings.attachments.insert(TestFindings.TextAttachment(name: script.deletingPathExtension().lastPathComponent + ".diff", text: diff), at: 0)
    }
    let rewrites = comparison.updatedGolden != comparison.golden && mode.writes(missing: false, differs: !comparison.matches)
    let wrote = rewrites && write(comparison.updatedGolden, findings: &findings)
    if !comparison.matches {
      findings.failures.append(
        wrote
          ? "\(name) differs from \(golden.lastPathComponent): rewrote it (record mode \(mode.rawValue)); read the diff, then commit it:\n\(diff)"
          : "\(name) differs from \(golden.lastPathComponent); review the diff, then accept it with \(Self.recordAdvice(.failed, environment)):\n\(diff)")
    } else if wrote {
      findings.failures.append("\(name) matches \(golden.lastPathComponent), rewritten anyway (record mode all); read the change, then commit it")
    }
    return Report(transcript: outcome.text, diff: diff, wroteGolden: wrote, findings: findings)
  }

  /// Writes `text` as the golden, as `--update` does; a golden that cannot be written is a failure.
  private func write(_ text: String, findings: inout TestFindings) -> Bool {
    do {
      try GoldenComparison.write(text, toGoldenAt: golden)
      return true
    } catch {
      findings.failures.append("\(script.lastPathComponent): \(error.message)")
      return false
    }
  }

  /// How to have a golden written with `mode`: on CI, locally; elsewhere, the variable or `--update`.
  private static func recordAdvice(_ mode: RecordMode, _ environment: [String: String]) -> String {
    let locally = "`\(RecordMode.variable)=\(mode.rawValue) swift test` or the shell's `--script PATH --update`"
    return environment["CI"] == nil ? locally : locally + " on your machine (nothing is written on CI)"
  }

  /// The failures of `outcome`, a run of a scenario given as text, against `golden`, also text.
  static func inlineFindings(of outcome: ScriptRunner.Outcome, golden: String, name: String) -> TestFindings {
    var findings = TestFindings()
    if !outcome.succeeded {
      let error = outcome.transcript.last { $0.kind == .error }?.text ?? "the script failed"
      findings.failures.append("\(name) failed: \(error)")
    }
    let comparison = GoldenComparison(golden: golden.hasSuffix("\n") ? golden : golden + "\n", transcript: outcome.text)
    let diff = comparison.diff(goldenName: "golden", transcriptName: "\(name) (this run)")
    let stem = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
    if !diff.isEmpty {
      findings.failures.append("\(name) differs from its golden:\n\(diff)")
      findings.attachments.append(TestFindings.TextAttachment(name: stem + ".diff", text: diff))
    }
    findings.attachments.append(TestFindings.TextAttachment(name: stem + ".transcript.txt", text: outcome.text))
    findings.attachments += witnessPages(in: outcome, stem: stem)
    return findings
  }

  /// The pages of the histories the script's `linearize` lines found not linearizable, as
  /// `linearize --html` draws them, each named `STEM-HISTORY.html`: none when every one passed.
  static func witnessPages(in outcome: ScriptRunner.Outcome, stem: String) -> [TestFindings.TextAttachment] {
    outcome.events.flatMap { event -> [TestFindings.TextAttachment] in
      guard case .report(let report) = event, report.tool == .linearize else { return [] }
      return LinearizeWitnessPage.pages(inReport: report.value).map { page in
        let history = URL(fileURLWithPath: page.file).deletingPathExtension().lastPathComponent
        return TestFindings.TextAttachment(name: "\(stem)-\(history).html", text: page.html)
      }
    }
  }
}
