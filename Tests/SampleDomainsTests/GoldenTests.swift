import Foundation
import ReplShellDomain
import SampleDomains
import Scenarios
import Testing

/// Every scenario under `Scenarios/`, by file name.
let scenarioNames: [String] = {
  let folder = projectRoot.appendingPathComponent("Scenarios")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.filter { $0.hasSuffix(".txt") }.sorted()
}()

@MainActor @Suite(.serialized, .timeLimit(.minutes(10))) struct GoldenTests {
  @Test func everyScenarioIsFound() {
    #expect(scenarioNames == ["animals-race.txt", "animals-remote.txt", "animals.txt", "break.txt", "counter.txt", "explore.txt", "quakes.txt", "tables.txt", "time-travel.txt", "why.txt"])
  }

  @Test func aScenarioRunsTheSameTwice() async throws {
    let script = projectRoot.appendingPathComponent("Scenarios/counter.txt")
    let first = await ScriptRunner(domains: Domain.samples).run(script)
    let second = await ScriptRunner(domains: Domain.samples).run(script)
    #expect(first.text == second.text)
  }

  @Test func aFailingExpectationStopsTheScriptWithFileAndLine() async throws {
    let script = projectRoot.appendingPathComponent("Tests/SampleDomainsTests/Fixtures/failing-expect.txt")
    let outcome = await ScriptRunner(domains: Domain.samples).run(script, displayPath: "failing-expect.txt")
    #expect(!outcome.succeeded)
    let errors = outcome.transcript.filter { $0.kind == .error }
    #expect(errors.first?.text == "error: failing-expect.txt:4:8: expectation failed: selectValue == 2")
    #expect(errors.dropFirst().first?.text == "  actual: 1")
    #expect(!outcome.text.contains("counter> dispatch didTapIncrementButton\n  CounterState(\n-   value: 1"), "the script went on after the failure")
  }
}
