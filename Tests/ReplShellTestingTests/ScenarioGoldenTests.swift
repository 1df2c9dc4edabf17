import Foundation
import ReplShell
import ReplShellDomain
import ReplShellTesting
import SampleDomains
import Testing

/// Every scenario under `Scenarios/` against its golden, through the helper clients use.
@MainActor @Suite(.serialized, .timeLimit(.minutes(10))) struct ScenarioGoldenTests {
  @Test(arguments: ScenarioTest.all(in: projectRoot.appendingPathComponent("Scenarios")))
  func scenarioMatchesItsGolden(_ scenario: ScenarioTest) async {
    await scenario.check(domains: Domain.samples)
  }

  /// Every scenario is found, and no more: a folder moved or a script renamed is a failure, not
  /// a test case that quietly no longer runs.
  @Test func theSamplesAreAllFound() {
    let names = ScenarioTest.all(in: projectRoot.appendingPathComponent("Scenarios")).map(\.testDescription)
    #expect(names == ["animals-race.txt", "animals-remote.txt", "animals.txt", "break.txt", "counter.txt", "explore.txt", "quakes.txt", "tables.txt", "time-travel.txt", "why.txt"])
  }

  @Test func aMismatchIsATestFailureThatShowsTheDiff() async {
    let scenario = ScenarioTest(script: fixtures.appendingPathComponent("wrong-golden.txt"))
    await withKnownIssue {
      await scenario.check(domains: Domain.samples, record: .never)
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("wrong-golden.txt differs from wrong-golden.golden") && text.contains("-+   value: 2")
        && text.contains("++   value: 1")
    }
  }

  @Test func aMissingGoldenSaysHowToWriteIt() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("fresh.txt")
    try "use counter\n".write(to: script, atomically: true, encoding: .utf8)
    await withKnownIssue {
      await ScenarioTest(script: script).check(domains: Domain.samples, record: .never)
    } matching: { issue in
      String(describing: issue).contains("fresh.txt has no golden") && String(describing: issue).contains("--update")
    }
  }
}
