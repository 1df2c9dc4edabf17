import Foundation
import TestSupport
import Testing

/// An explore's report as data: the coverage `--format json` carries as the output's `value`,
/// and MCP as `structuredContent.value`, whether the explore passed or failed.
@Suite(.timeLimit(.minutes(10)))
struct ExploreReportTests {
  /// The `value` of the output event of the line `explore` in a `--format json` run of `script`.
  private func reportValues(of script: String) async throws -> [[String: Any]] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try script.write(to: folder.appendingPathComponent("explore.txt"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--format", "json", "--script", "explore.txt"], in: folder)
    let events = try run.lines.map { line in try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)") }
    return events.compactMap { $0["value"] as? [String: Any] }.filter { $0["seed"] != nil }
  }

  @Test func formatJSONCarriesTheCoverageOfAPassingAndAFailingExplore() async throws {
    let values = try await reportValues(of: """
      use counter
      invariant selectValue != 1000
      explore --seed 3 --runs 40 --steps 20 --cover "5% selectValue != 0"
      explore --seed 3 --runs 40 --steps 20 --cover-runs "50% selectValue > 100"

      """)
    #expect(values.count == 2, "\(values)")
    let passed = try #require(values.first)
    #expect(passed["seed"] as? Int == 3 && passed["runs"] as? Int == 40 && passed["steps"] as? Int == 800)
    #expect(passed["failure"] is NSNull)
    let cases = try #require(passed["cases"] as? [[String: Any]])
    #expect(cases.compactMap { $0["case"] as? String } == ["didTapIncrementButton", "didTapDecrementButton"])
    #expect(cases.reduce(0) { $0 + ($1["generated"] as? Int ?? 0) } == 800)
    #expect(cases.reduce(0) { $0 + ($1["accepted"] as? Int ?? 0) } == passed["acceptedSteps"] as? Int)
    let states = try #require(passed["states"] as? [String: Any])
    #expect(states["abstractedFrom"] as? [String] == ["value"])
    let listed = try #require(states["listed"] as? [[String: Any]])
    #expect(listed.count == states["entered"] as? Int && listed.count > 1)
    #expect(listed.allSatisfy { ($0["leaves"] as? [String: String])?["value"] != nil })
    #expect((states["transitions"] as? Int ?? 0) >= listed.count - 1)
    // Each transition taken is listed, the most taken first, with its states' leaves and case.
    let transitions = try #require(states["transitionsListed"] as? [[String: Any]])
    #expect(transitions.count == states["transitions"] as? Int)
    #expect(transitions.reduce(0) { $0 + ($1["steps"] as? Int ?? 0) } == passed["acceptedSteps"] as? Int)
    let counts = transitions.compactMap { $0["steps"] as? Int }
    #expect(counts == counts.sorted(by: >))
    #expect(transitions.allSatisfy { ($0["from"] as? String)?.hasPrefix("value=") == true && ($0["to"] as? String)?.hasPrefix("value=") == true })
    #expect(Set(transitions.compactMap { $0["case"] as? String }) == ["didTapIncrementButton", "didTapDecrementButton"])
    let met = try #require((passed["requirements"] as? [[String: Any]])?.first)
    #expect(met["requirement"] as? String == #"--cover "5% selectValue != 0""# && met["verdict"] as? String == "met")
    #expect(met["counts"] as? String == "accepted steps" && met["of"] as? Int == passed["acceptedSteps"] as? Int)

    // The second explore fails, short of its requirement: its report carries the failure and the verdict.
    let failed = try #require(values.last)
    #expect((failed["failure"] as? String)?.hasPrefix(#"explore fell short of coverage requirement --cover-runs "50% selectValue > 100" by "#) == true, "\(failed)")
    let short = try #require((failed["requirements"] as? [[String: Any]])?.first)
    #expect(short["verdict"] as? String == "short" && short["successes"] as? Int == 0 && short["of"] as? Int == 40 && short["counts"] as? String == "runs")
  }

  @Test func mcpCarriesTheReportAsStructuredContent() async throws {
    let client = try await MCPProtocolTests.start(["counter"])
    let explored = try await client.request(2, "tools/call", [
      "name": "explore", "arguments": ["runs": 20, "steps": 10, "seed": 5, "guided": true, "cover": "5% selectValue != 0"],
    ])
    let structured = try #require((explored["result"] as? [String: Any])?["structuredContent"] as? [String: Any], "\(explored)")
    #expect(structured["ok"] as? Bool == true)
    let report = try #require(structured["value"] as? [String: Any], "\(structured)")
    #expect(report["seed"] as? Int == 5 && report["runs"] as? Int == 20)
    #expect(((report["states"] as? [String: Any])?["entered"] as? Int ?? 0) > 1)
    #expect((report["requirements"] as? [[String: Any]])?.first?["verdict"] as? String == "met")
    // The text is the report's lines, as before.
    #expect(MCPClientProcess.toolResult(explored).text.hasPrefix("explore: 20 guided runs of up to 10 actions, seed 5"))
    #expect(try await client.finish() == 0)
  }
}
