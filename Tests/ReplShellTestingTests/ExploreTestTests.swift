import CounterData
import ReplShell
import ReplShellDomain
import ReplShellTesting
import SampleDomains
import Scenarios
import Testing

/// `ExploreTest.check`, the one-call explore test of `ReplShellTesting`: it passes on the sample
/// Counter and fails, with the shrunk sequence, on a Counter with a planted bug.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ExploreTestTests {
  /// The Counter with a bug planted: decrementing from 0 jumps to 1000.
  private static let buggyCounter = Domain(
    name: "counter", summary: "the counter with a planted bug",
    initialState: { CounterState() },
    reducer: { (state: CounterState, action: CounterAction) -> CounterState in
      let atZero = CounterState.selectValue()(state) == 0
      return action == .didTapDecrementButton && atZero ? CounterState(1000) : CounterReducer.reduce(state: state, action: action)
    },
    actionExamples: [CounterAction.didTapIncrementButton, .didTapDecrementButton],
    selectors: [SelectorDefinition("selectValue") { CounterState.selectValue() }])

  @Test func aDomainWhoseInvariantsHoldPasses() async {
    let lines = await ExploreTest.check(domain: .counter, invariants: ["selectValue != 1000"], runs: 50, seed: 7)
    #expect(lines.contains("no invariant broke in 50 runs"))
  }

  @Test func aPlantedBugFailsTheTestWithTheShrunkSequence() async {
    await withKnownIssue {
      await ExploreTest.check(domain: Self.buggyCounter, invariants: ["selectValue != 1000"], runs: 50, seed: 7)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined(separator: "\n")
      return text.contains("invariant selectValue != 1000 broken in run") && text.contains("shrunk to 1 in")
        && text.contains("\n  dispatch didTapDecrementButton\nlast step: didTapDecrementButton\n")
    }
  }

  /// The failure carries the scenario `explore --save` writes, attached to the test as
  /// `counter-shrunk.txt`: it fails on the buggy counter and passes on the fixed one.
  @Test func aPlantedBugAttachesTheShrunkScenario() async throws {
    let report = await ExploreTest.explore(domain: Self.buggyCounter, invariants: ["selectValue != 1000"], runs: 50, seed: 7)
    #expect(report.findings.failures.count == 1)
    let scenario = try #require(report.shrunkScenario)
    #expect(report.findings.attachments == [TestFindings.TextAttachment(name: "counter-shrunk.txt", text: scenario)])
    let lines = scenario.split(separator: "\n").map(String.init)
    #expect(lines.first == "use counter")
    #expect(lines.contains("dispatch --may-reject didTapDecrementButton"), "\(scenario)")
    #expect(lines.last == "expect selectValue != 1000", "\(scenario)")
    let buggy = await ScriptRunner(domains: [Self.buggyCounter]).run(text: scenario, name: "counter-shrunk.txt", baseDirectory: fixtures)
    #expect(!buggy.succeeded)
    let fixed = await ScriptRunner(domains: [.counter]).run(text: scenario, name: "counter-shrunk.txt", baseDirectory: fixtures)
    #expect(fixed.succeeded, "\(fixed.text)")
  }

  @Test func aPassingExplorationAttachesNothing() async {
    let report = await ExploreTest.explore(domain: .counter, invariants: ["selectValue != 1000"], runs: 20, seed: 7)
    #expect(report.findings.passed && report.findings.attachments.isEmpty && report.shrunkScenario == nil)
    #expect(report.lines.contains("no invariant broke in 20 runs"))
  }

  @Test func withEffectsTheListenersRunAndTheirEffectsAreHeld() async {
    // Animals holds its queries and mutations in memory; a status left waiting once everything
    // completed is the race `explore --effects` found in its listener, fixed since.
    let lines = await ExploreTest.check(
      domain: .animals, invariants: ["--settled selectCategoriesStatus != .waiting", "--settled selectAnimalsStatus != .waiting"],
      runs: 100, steps: 30, seed: 2, effects: true)
    #expect(lines.first == "explore: 100 runs of up to 30 actions with their side effects held, seed 2, 2 invariants")
    #expect(lines.contains("no invariant broke in 100 runs"))
    #expect(lines.contains { $0.hasPrefix("side effects: ") && $0.contains(" completed, ") }, "\(lines)")
  }

  @Test func guidedRunsCheckTheirCoverageRequirements() async {
    let lines = await ExploreTest.check(
      domain: .counter, invariants: ["selectValue != 1000"], runs: 200, steps: 30, seed: 3, guided: true, cover: ["5% selectValue > 2"])
    #expect(lines.first == "explore: 200 guided runs of up to 30 actions, seed 3, 1 invariant")
    #expect(lines.contains("no invariant broke in 200 runs"))
    #expect(lines.contains { $0.hasPrefix("cover 5% selectValue > 2: met, ") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("states: ") }, "\(lines)")
  }

  @Test func aRequirementSurelyShortFailsTheTest() async {
    await withKnownIssue {
      await ExploreTest.check(domain: .counter, invariants: [], runs: 200, steps: 30, seed: 3, guided: true, cover: ["90% selectValue > 2"])
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined(separator: "\n")
      return text.contains("! cover 90% selectValue > 2: short by ")
        && text.contains("explore fell short of coverage requirement --cover \"90% selectValue > 2\" by ")
    }
  }

  @Test func aSetUpLineThatFailsIsTheFailure() async {
    await withKnownIssue {
      await ExploreTest.check(domain: .counter, invariants: [], setUp: ["dispatch nope"])
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix("`dispatch nope` failed:")
    }
  }
}
