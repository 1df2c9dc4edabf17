import Foundation
import ReplShell
import Testing

/// `explore` as one Swift Testing call: the domain's reducer runs alone on generated action
/// sequences, every invariant is checked after each action, and a broken one is a test failure
/// that shows the shrunk sequence as paste-back `dispatch` lines. With `effects: true` the
/// domain's listeners run too, their side effects held and completed, reordered or failed as
/// the seed decides (`explore --effects`; the domain declares `effects:`).
///
/// ```swift
/// @Test func counterNeverReachesAThousand() async {
///   await ExploreTest.check(domain: .counter, invariants: ["selectValue != 1000"], runs: 200, seed: 7)
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
  /// `effects`. Records an issue when a line fails or an invariant breaks; returns the lines
  /// `explore` printed (the report and the coverage table).
  @MainActor @discardableResult
  public static func check(
    domain: Domain, invariants: [String], setUp: [String] = [], runs: Int = 100, steps: Int = 50, seed: UInt64 = 1,
    effects: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
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
    let result = await host.run("explore --runs \(runs) --steps \(steps) --seed \(seed)" + (effects ? " --effects" : ""), location: "explore")
    let lines = result.lines.map(\.text)
    if !result.succeeded {
      let report = lines.prefix { !$0.hasPrefix("coverage: ") }
      Issue.record(Comment(rawValue: report.joined(separator: "\n")), sourceLocation: sourceLocation)
    }
    return lines
  }
}
