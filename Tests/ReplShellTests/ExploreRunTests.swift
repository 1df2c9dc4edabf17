import Foundation
import Testing

/// `explore` in CI: a failure it finds fails the scenario (exit 1, the summary, JUnit), and the
/// scenario `--save` writes reproduces it under `--script` and `--check`.
@Suite(.timeLimit(.minutes(10))) struct ExploreRunTests {
  @Test func aFoundFailureFailsTheCheckAndItsSavedScenarioReproducesIt() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    try folder.write("explore.txt", "use counter\ninvariant selectValue != 3\nexplore --seed 7 --save found.txt\n")
    try folder.write("explore.golden", "replshell> use counter\n...\n")
    let run = try await folder.replshell("--check", "explore.txt", "--junit", "report.xml")
    #expect(run.status == 1)
    #expect(run.standardError.contains("explore.txt:3"))
    #expect(run.lines.last == "scenarios: 0 passed, 1 failed")
    let report = try #require(JUnitDocument(Data(contentsOf: folder.url.appendingPathComponent("report.xml"))))
    #expect(report.testCases.first?.failureMessage?.contains("explore broke invariant selectValue != 3") == true)

    let saved = try String(contentsOf: folder.url.appendingPathComponent("found.txt"), encoding: .utf8)
    #expect(saved == """
      use counter
      # found by explore --seed 7; fails until the bug is fixed
      dispatch --may-reject didTapIncrementButton
      dispatch --may-reject didTapIncrementButton
      dispatch --may-reject didTapIncrementButton
      expect selectValue != 3

      """)
    let replay = try await folder.replshell("--script", "found.txt")
    #expect(replay.status == 1)
    #expect(replay.standardError.contains("found.txt:6:8: expectation failed: selectValue != 3") || replay.standardOutput.contains("found.txt:6:8: expectation failed: selectValue != 3"))
  }
}
