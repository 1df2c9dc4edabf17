import Foundation
import ReplShell
import Testing

/// `explore` as one Swift Testing call: the domain's reducer runs alone on generated action
/// sequences, every invariant is checked after each action, and a broken one is a test failure
/// that shows the shrunk sequence as paste-back `dispatch` lines. With `effects: true` the
/// domain's listeners run too, their side effects held and completed, reordered or failed as
/// the seed decides (`explore --effects`; the domain declares `effects:`). With `guided: true`
/// the runs are coverage-guided (`explore --guided`); each of `cover` (`"5% selectMode == .open"`)
/// is a coverage requirement (`explore --cover`), which fails the test when it surely falls short.
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
  /// Starts `domain` in a fresh script-mode session, runs the `setUp` lines, adds each of
  /// `invariants` (`selectValue != 3`, as `invariant` takes them) and explores `runs` runs of up
  /// to `steps` actions from `seed`, with the listeners and their side effects held when
  /// `effects`, coverage-guided when `guided`, with each of `cover` as a `--cover` requirement.
  /// Records an issue when a line fails, an invariant breaks or a requirement falls short; returns
  /// the lines `explore` printed (the report and the coverage tables).
  @MainActor @discardableResult
  public static func check(
    domain: Domain, invariants: [String], setUp: [String] = [], runs: Int = 100, steps: Int = 50, seed: UInt64 = 1,
    effects: Bool = false, guided: Bool = false, cover: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) async -> [String] {
    let shell = Shell(domains: [domain], isScript: true, baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    defer { Task { await shell.close() } }
    // Lines reach the session through its host, as every front end's do.
    let host = SessionHost(shell: shell)
    do {
      try await shell.start(domain: domain.name)
    } catch {
      Issue.record(Comment(rawValue: "\(domain.name) did not start: \(error.message)"), sourceLocation: sourceLocation)
      return []
    }
    for line in setUp + invariants.map({ "invariant " + $0 }) {
      let result = await host.run(line, location: "set-up")
      guard result.succeeded else {
        let printed = result.lines.map(\.text).joined(separator: "\n")
        Issue.record(Comment(rawValue: "`\(line)` failed:\n\(printed)"), sourceLocation: sourceLocation)
        return []
      }
    }
    var line = "explore --runs \(runs) --steps \(steps) --seed \(seed)" + (effects ? " --effects" : "") + (guided ? " --guided" : "")
    for requirement in cover {
      // One word: quoted with the kind of quote it does not hold.
      guard !(requirement.contains("\"") && requirement.contains("'")) else {
        Issue.record(Comment(rawValue: "the requirement \(requirement) holds both kinds of quote, which no option value can"), sourceLocation: sourceLocation)
        return []
      }
      line += requirement.contains("\"") ? " --cover '\(requirement)'" : " --cover \"\(requirement)\""
    }
    let result = await host.run(line, location: "explore")
    let lines = result.lines.map(\.text)
    if !result.succeeded {
      // The report up to the coverage tables; of what follows them, the requirements that fell
      // short and the error, so that a requirement's failure says which and by how much.
      let tables = lines.drop { !$0.hasPrefix("coverage: ") }
      let report = lines.prefix { !$0.hasPrefix("coverage: ") } + tables.filter { $0.hasPrefix("! cover ") || $0.hasPrefix("error: ") }
      Issue.record(Comment(rawValue: report.joined(separator: "\n")), sourceLocation: sourceLocation)
    }
    return lines
  }
}
