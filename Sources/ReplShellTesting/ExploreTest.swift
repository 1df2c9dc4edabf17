import Foundation
import ReplShell
import ReplShellDomain
import ReplShellHost
import ReplShellSession
import Testing

/// `explore` as one Swift Testing call: the domain's reducer runs alone on generated action
/// sequences, every invariant is checked after each action, and a broken one is a test failure
/// that shows the shrunk sequence as paste-back `dispatch` lines and attaches it to the test as
/// a scenario script that reproduces it (`explore --save`). With `effects: true` the domain's
/// listeners run too, their side effects held and completed, reordered or failed as the seed
/// decides (`explore --effects`; the domain declares `effects:`). With `guided: true` the runs are
/// coverage-guided (`explore --guided`); each of `cover` (`"5% selectMode == .open"`) is a
/// coverage requirement (`explore --cover`), which fails the test when it surely falls short.
///
/// ```swift
/// @Test func counterNeverReachesAThousand() async {
///   await ExploreTest.check(domain: .counter, invariants: ["selectValue != 1000"], runs: 200, seed: 7)
/// }
///
/// @Test func theBreakerNeverTripsEarly() async {
///   await ExploreTest.check(domain: .breaker, invariants: ["selectTrippedEarly == false"], runs: 2000, guided: true)
/// }
///
/// @Test func noStaleResults() async {
///   await ExploreTest.check(domain: .search, invariants: ["selectShowsStaleResults == false"], effects: true)
/// }
/// ```
public enum ExploreTest {
  /// What one exploration saw: the lines `explore` printed, the scenario it saved of a failure,
  /// and the failures with their attachments.
  public struct Report: Sendable {
    /// The lines `explore` printed: the report and the coverage tables.
    public var lines: [String] = []
    /// The scenario script that reproduces the failure (`use`, the set-up, the shrunk
    /// dispatches, the `expect` of the broken invariant); nil when nothing broke.
    public var shrunkScenario: String?
    /// The failures and what they attach.
    public var findings = TestFindings()
  }

  /// Starts `domain` in a fresh script-mode session, runs the `setUp` lines, adds each of
  /// `invariants` (`selectValue != 3`, as `invariant` takes them) and explores `runs` runs of up
  /// to `steps` actions from `seed`, with the listeners and their side effects held when
  /// `effects`, coverage-guided when `guided`, with each of `cover` as a `--cover` requirement.
  /// Records an issue when a line fails, an invariant breaks or a requirement falls short, with
  /// the shrunk scenario attached (`DOMAIN-shrunk.txt`); returns the lines `explore` printed.
  @MainActor @discardableResult
  public static func check(
    domain: Domain, invariants: [String], setUp: [String] = [], runs: Int = 100, steps: Int = 50, seed: UInt64 = 1,
    effects: Bool = false, guided: Bool = false, cover: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) async -> [String] {
    let report = await explore(
      domain: domain, invariants: invariants, setUp: setUp, runs: runs, steps: steps, seed: seed, effects: effects, guided: guided, cover: cover)
    report.findings.record(sourceLocation: sourceLocation)
    return report.lines
  }

  /// What `check` does, without recording anything on the test: the report of the exploration,
  /// its failures and the attachments they would carry.
  @MainActor
  public static func explore(
    domain: Domain, invariants: [String], setUp: [String] = [], runs: Int = 100, steps: Int = 50, seed: UInt64 = 1,
    effects: Bool = false, guided: Bool = false, cover: [String] = []
  ) async -> Report {
    let folder: URL
    do {
      folder = try ScratchFolder.make()
    } catch {
      return Report(findings: TestFindings(failures: ["cannot make a folder for the shrunk scenario: \(error.localizedDescription)"]))
    }
    var report = await explore(
      domain: domain, invariants: invariants, setUp: setUp, runs: runs, steps: steps, seed: seed, effects: effects, guided: guided, cover: cover,
      savingIn: folder)
    report.findings.failures += ScratchFolder.remove(folder)
    return report
  }

  /// `explore`, saving a failure in `folder`.
  @MainActor private static func explore(
    domain: Domain, invariants: [String], setUp: [String], runs: Int, steps: Int, seed: UInt64, effects: Bool, guided: Bool, cover: [String],
    savingIn folder: URL
  ) async -> Report {
    var report = Report()
    let shell = Shell(domains: [domain], isScript: true, baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    defer { Task { await shell.close() } }
    // Lines reach the session through its host, as every front end's do.
    let host = SessionHost(shell: shell)
    do {
      try await shell.start(domain: domain.name)
    } catch {
      report.findings.failures.append("\(domain.name) did not start: \(error.message)")
      return report
    }
    for line in setUp + invariants.map({ "invariant " + $0 }) {
      let result = await host.run(line, location: "set-up")
      guard result.succeeded else {
        let printed = result.lines.map(\.text).joined(separator: "\n")
        report.findings.failures.append("`\(line)` failed:\n\(printed)")
        return report
      }
    }
    let saved = folder.appendingPathComponent("\(domain.name)-shrunk.txt")
    var line = "explore --runs \(runs) --steps \(steps) --seed \(seed)" + (effects ? " --effects" : "") + (guided ? " --guided" : "")
    // A set-up run with its effects free cannot be saved with them held (`explore --effects --save` refuses it).
    let saves = !(effects && !setUp.isEmpty)
    for word in cover.map({ ("--cover", $0) }) + (saves ? [("--save", saved.path)] : []) {
      // One word: quoted with the kind of quote it does not hold.
      guard !(word.1.contains("\"") && word.1.contains("'")) else {
        report.findings.failures.append("the \(word.0) value \(word.1) holds both kinds of quote, which no option value can")
        return report
      }
      line += word.1.contains("\"") ? " \(word.0) '\(word.1)'" : " \(word.0) \"\(word.1)\""
    }
    let result = await host.run(line, location: "explore")
    // The note that names the saved file is left out: the file goes with its folder.
    report.lines = result.lines.map(\.text).filter { !$0.contains(saved.path) }
    guard !result.succeeded else { return report }
    // The report up to the coverage tables; of what follows them, the requirements that fell
    // short and the error, so that a requirement's failure says which and by how much.
    let tables = report.lines.drop { !$0.hasPrefix("coverage: ") }
    let failure = report.lines.prefix { !$0.hasPrefix("coverage: ") } + tables.filter { $0.hasPrefix("! cover ") || $0.hasPrefix("error: ") }
    report.findings.failures.append(failure.joined(separator: "\n"))
    do {
      let scenario = try String(contentsOf: saved, encoding: .utf8)
      report.shrunkScenario = scenario
      report.findings.attachments.append(TestFindings.TextAttachment(name: saved.lastPathComponent, text: scenario))
    } catch {
      // A requirement that falls short saves nothing: there is no failing sequence to keep.
      guard !FileManager.default.fileExists(atPath: saved.path) else {
        report.findings.failures.append("cannot read the shrunk scenario \(saved.path): \(error.localizedDescription)")
        return report
      }
    }
    return report
  }
}
