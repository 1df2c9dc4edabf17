import Foundation
@testable import ReplShellCommands
@testable import ReplShellHost
import Testing
@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession

/// State coverage (abstract states and transitions), coverage requirements and their statistics,
/// and `explore --guided` on a circuit breaker whose bug takes thirteen actions in order.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ExploreCoverageTests {
  private func breakerShell() async throws -> Shell {
    let shell = Shell(domains: [.breaker, .testCounter], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "breaker")
    return shell
  }

  // MARK: The abstraction

  @Test func countsFallInBucketsOfTheirOrderOfMagnitude() {
    let labels = (0...17).map { CountBucket.label(CountBucket.bucket($0)) }
    #expect(labels == ["0", "1", "2", "3-4", "3-4", "5-8", "5-8", "5-8", "5-8", "9-16", "9-16", "9-16", "9-16", "9-16", "9-16", "9-16", "9-16", "17-32"])
    #expect(CountBucket.label(CountBucket.bucket(-1)) == "-1")
    #expect(CountBucket.label(CountBucket.bucket(-6)) == "-8--5")
    #expect(CountBucket.bucket(Int.max) > CountBucket.bucket(1 << 40))
    #expect(CountBucket.bucket(Int.min) < 0)
  }

  @Test func theAbstractionReadsEnumCasesBoolsAndBucketedCountsFromTheStateType() {
    let abstraction = StateAbstraction<BreakerState>()
    #expect(abstraction.leaves.map(\.path) == ["mode", "failures", "probes", "streak", "trippedEarly"])
    var state = BreakerState()
    state.failures = 5
    #expect(abstraction.describe(state) == ["mode=.closed", "failures=5-8", "probes=0", "streak=0", "trippedEarly=false"])
    var same = state
    same.failures = 7
    #expect(abstraction.code(of: same) == abstraction.code(of: state))
    var other = state
    other.failures = 4
    #expect(abstraction.code(of: other) != abstraction.code(of: state))
    other = state
    other.mode = .halfOpen
    #expect(abstraction.code(of: other) != abstraction.code(of: state))
    #expect(abstraction.leaves[0].declared == [".closed", ".open", ".halfOpen"])
    #expect(abstraction.leaves[4].declared == ["false", "true"])
  }

  @Test func nestedStructsOptionalsAndCollectionsAreReadToo() {
    struct Inner { var flag: Bool?; var names: [String]; var label: String }
    struct Outer { var inner: Inner; var when: Date; var count: UInt8 }
    let abstraction = StateAbstraction<Outer>()
    #expect(abstraction.leaves.map(\.path) == ["inner.flag", "inner.names", "inner.label", "count"])
    let state = Outer(inner: Inner(flag: nil, names: ["a", "b", "c"], label: ""), when: Date(timeIntervalSince1970: 0), count: 200)
    #expect(abstraction.describe(state) == ["inner.flag=nil", "inner.names=count 3-4", "inner.label=\"\"", "count=129-256"])
    var changed = state
    changed.inner.flag = true
    #expect(abstraction.describe(changed)[0] == "inner.flag=true")
    #expect(abstraction.code(of: changed) != abstraction.code(of: state))
    #expect(abstraction.leaves[0].declared == ["nil", "false", "true"])
  }

  // MARK: The statistics

  @Test func theWilsonIntervalMatchesItsFormula() {
    // 50 of 100 at z = 1.96: 0.4038 to 0.5962.
    let (low, high) = CoverageCheck.wilson(successes: 50, trials: 100, z: 1.96)
    #expect(abs(low - 0.4038) < 0.0001)
    #expect(abs(high - 0.5962) < 0.0001)
    // None of 10 at z = 1.96: 0 to 0.2775.
    let none = CoverageCheck.wilson(successes: 0, trials: 10, z: 1.96)
    #expect(none.low == 0)
    #expect(abs(none.high - 0.2775) < 0.0001)
    #expect(CoverageCheck.wilson(successes: 0, trials: 0) == (0, 1))
  }

  @Test func aShortRunIsUndecidedWhereALongOneDecides() {
    // 2% seen where 5% is asked: 100 samples cannot tell, 100,000 can.
    guard case .undecided = CoverageCheck.verdict(successes: 2, trials: 100, required: 0.05) else {
      Issue.record("100 samples decided")
      return
    }
    guard case .short(let high) = CoverageCheck.verdict(successes: 2_000, trials: 100_000, required: 0.05) else {
      Issue.record("100,000 samples did not decide")
      return
    }
    #expect(high < 0.05)
    #expect(CoverageCheck.verdict(successes: 9_000, trials: 100_000, required: 0.05) == .met)
    // Steps counted over few runs: the runs are the samples, so it stays undecided.
    guard case .undecided = CoverageCheck.verdict(successes: 2_000, trials: 100_000, samples: 20, required: 0.05) else {
      Issue.record("20 runs decided")
      return
    }
  }

  @Test func aMetRequirementFailsByChanceAlmostNever() {
    // A requirement of 10% on a share that is exactly 10%: of 2,000 seeded trials of 1,000 Bernoulli
    // samples, none may fail, though many fall below 10% by chance.
    var random = SplitMix(seed: 11)
    var below = 0
    for _ in 0..<2_000 {
      let successes = (0..<1_000).reduce(0) { count, _ in count + (random.chance(1, in: 10) ? 1 : 0) }
      if successes < 100 { below += 1 }
      if case .short = CoverageCheck.verdict(successes: successes, trials: 1_000, required: 0.1) {
        Issue.record("a met requirement failed: \(successes) of 1000")
        return
      }
    }
    #expect(below > 500)
  }

  @Test func sharesPrintAsPercentages() {
    #expect(CoverageCheck.percent(0.05) == "5%")
    #expect(CoverageCheck.percent(0.0013) == "0.13%")
    #expect(CoverageCheck.percent(0.25) == "25%")
    #expect(CoverageCheck.percent(0.00042) == "0.042%")
  }

  // MARK: The report

  @Test func everyExploreReportsTheAbstractStatesAndTheDeclaredOnesNeverReached() async throws {
    let shell = try await breakerShell()
    _ = await shell.run("invariant selectTrippedEarly == false")
    let texts = await shell.texts("explore --seed 1 --runs 20 --steps 20")
    let header = try #require(texts.firstIndex { $0.hasPrefix("states: ") }, "\(texts)")
    #expect(texts[header].hasSuffix("(abstracted from mode, failures, probes, streak, trippedEarly)"))
    #expect(texts[header + 1] == "  the same in every state: trippedEarly=false" || texts[header + 1].hasPrefix("  the same in every state: "))
    #expect(texts.contains { $0.hasPrefix("! never reached: ") && $0.contains("trippedEarly=true") })
    #expect(texts.contains("  steps  abstract state") || texts.contains { $0.hasSuffix("steps  abstract state") })
    // The rarest transitions follow, each its state before, its action case and what changed.
    let rarest = try #require(texts.firstIndex { $0.hasPrefix("  the 4 rarest of the ") && $0.hasSuffix(" transitions:") }, "\(texts)")
    let rows = texts[(rarest + 1)...].prefix(4)
    #expect(rows.count == 4 && rows.allSatisfy { $0.contains(" —") && $0.contains("→ ") }, "\(texts)")
    let counts = rows.compactMap { Int($0.trimmingCharacters(in: .whitespaces).prefix { $0.isNumber }) }
    #expect(counts == counts.sorted(), "\(texts)")
  }

  @Test func theDomainsSelectorsMayMakeTheAbstractState() async throws {
    let shell = try await breakerShell()
    let texts = await shell.texts("explore --seed 1 --runs 200 --steps 50 --abstract selectMode --abstract selectFailures")
    #expect(texts.contains { $0.hasPrefix("states: ") && $0.hasSuffix("(abstracted from selectMode, selectFailures)") }, "\(texts)")
    // In 200 uniform runs the breaker never opens: its mode is said once, the failures on each row.
    #expect(texts.contains("  the same in every state: selectMode=.closed"), "\(texts)")
    #expect(texts.contains { $0.hasSuffix("  selectFailures=0") }, "\(texts)")
    #expect(await shell.texts("explore --abstract selectNothing").last?.hasPrefix("error: ") == true)
  }

  @Test func aRequirementSurelyShortFailsTheExploreSayingByHowMuch() async throws {
    let shell = try await breakerShell()
    let result = await shell.run("explore --seed 1 --runs 500 --steps 20 --cover \"50% selectMode == .halfOpen\" --cover-runs \"10% selectFailures >= 1\"")
    #expect(!result.succeeded)
    let texts = result.lines.map(\.text)
    #expect(texts.contains { $0.hasPrefix("! cover 50% selectMode == .halfOpen: short by 50%, 0% (0 of ") }, "\(texts)")
    #expect(texts.contains { $0.hasPrefix("cover 10% selectFailures >= 1: met, ") && $0.hasSuffix(" of 500 runs)") }, "\(texts)")
    #expect(texts.last?.hasPrefix("error: explore fell short of coverage requirement --cover \"50% selectMode == .halfOpen\" by ") == true, "\(texts)")
  }

  @Test func aShortExploreLeavesARequirementUndecided() async throws {
    let shell = try await breakerShell()
    let result = await shell.run("explore --seed 1 --runs 3 --steps 5 --cover \"50% selectMode == .halfOpen\"")
    #expect(result.succeeded)
    #expect(result.lines.map(\.text).contains { $0.hasPrefix("cover 50% selectMode == .halfOpen: not decided, ") && $0.hasSuffix("more runs decide it") })
  }

  @Test func requirementsAreCheckedWithWhatToTypeInstead() {
    #expect(parseError("explore --cover \"selectValue > 1\"")?.message == "--cover takes a share above 0% and up to 100%, then a predicate, e.g. `--cover \"5% <selector> == <value>\"`")
    #expect(parseError("explore --cover-runs \"5%\"")?.message == "--cover-runs needs a predicate after the share, e.g. `--cover-runs \"5% <selector> == <value>\"`")
    #expect(parseError("explore --cover \"150% selectValue > 1\"")?.message.hasPrefix("--cover takes a share above 0%") == true)
  }

  // MARK: Guided

  @Test func guidedFindsTheDeepBugUniformMissesAtTheSameBudget() async throws {
    let uniform = try await breakerShell()
    _ = await uniform.run("invariant selectTrippedEarly == false")
    let missed = await uniform.run("explore --seed 1 --runs 2000 --steps 50")
    #expect(missed.succeeded, "\(missed.lines.map(\.text))")

    let guided = try await breakerShell()
    _ = await guided.run("invariant selectTrippedEarly == false")
    let found = await guided.run("explore --guided --seed 1 --runs 2000 --steps 50")
    #expect(!found.succeeded)
    let texts = found.lines.map(\.text)
    #expect(texts.first == "explore: 2000 guided runs of up to 50 actions, seed 1, 1 invariant")
    let dispatches = texts.filter { $0.hasPrefix("  dispatch ") }
    // Shrunk to the thirteen actions, each status as simple as it can be and still fail (500, the
    // least status the breaker counts as a failure) or not (0).
    #expect(dispatches == Array(repeating: "  dispatch request(status: 500)", count: 8) + ["  dispatch timerFired"]
      + Array(repeating: "  dispatch request(status: 0)", count: 3) + ["  dispatch request(status: 500)"], "\(texts.joined(separator: "\n"))")
  }

  @Test func guidedRepeatsItsReportFromTheSeed() async throws {
    var reports: [[String]] = []
    for _ in 0..<2 {
      let shell = Shell(domains: [.bank(planted: false)], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
      _ = try await shell.start(domain: "bank")
      _ = await shell.run("invariant selectOverdrawn == 0")
      reports.append(await shell.texts("explore --guided --seed 4 --runs 300 --steps 30"))
    }
    #expect(reports[0] == reports[1])
    #expect(reports[0].contains { $0.hasPrefix("states: ") })
  }

  @Test func aGuidedFailureSavesAsAScenarioThatFailsWhenRun() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guided-save-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = Shell(domains: [.breaker], isScript: true, baseDirectory: folder)
    _ = try await shell.start(domain: "breaker")
    _ = await shell.run("invariant selectTrippedEarly == false")
    let found = await shell.run("explore --guided --seed 1 --runs 2000 --steps 50 --save found.txt")
    #expect(!found.succeeded)
    #expect(found.lines.map(\.text).contains("saved the failure as found.txt: `replshell --script found.txt` reproduces it"), "\(found.lines.map(\.text))")
    let saved = try String(contentsOf: folder.appendingPathComponent("found.txt"), encoding: .utf8)
    let thirteen = Array(repeating: "request(status: 500)", count: 8) + ["timerFired"] + Array(repeating: "request(status: 0)", count: 3)
      + ["request(status: 500)"]
    #expect(saved == (["use breaker", "# found by explore --guided --seed 1; fails until the bug is fixed"] + thirteen.map { "dispatch --may-reject " + $0 }
      + ["expect selectTrippedEarly == false", ""]).joined(separator: "\n"))
    // Run as a scenario, it fails at its `expect`: the thirteen actions reach the bug again.
    let outcome = await Shell(domains: [.breaker], isScript: true, baseDirectory: folder).run(ScriptLines(text: saved, name: "found.txt"))
    #expect(outcome.failedLocation == "found.txt:16")
  }

  /// The counts of the `states:` line: abstract states entered and distinct transitions.
  private func stateCounts(_ texts: [String]) throws -> (states: Int, transitions: Int) {
    let line = try #require(texts.first { $0.hasPrefix("states: ") }, "\(texts)")
    let numbers = line.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .punctuationCharacters)) }
    return (numbers[0], numbers[1])
  }

  @Test func withEffectsCompletionsAreTransitionsAndReachStatesTheReducerAloneCannot() async throws {
    let shell = Shell(domains: [.typeahead], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "typeahead", options: [:])
    // The reducer alone, on the cases a person dispatches: no reply ever lands.
    let alone = await shell.texts("explore --seed 1 --runs 100 --steps 20 --only ui")
    let withEffects = await shell.texts("explore --effects --seed 1 --runs 100 --steps 20")
    await shell.close()
    #expect(alone.contains { $0.hasPrefix("! never reached: ") && $0.contains("isAnswered=true") }, "\(alone)")
    #expect(!withEffects.contains { $0.hasPrefix("! never reached: ") && $0.contains("isAnswered=true") }, "\(withEffects)")
    #expect(withEffects.contains { $0.hasPrefix("side effects: ") && $0.contains(" completed") }, "\(withEffects)")
    let (aloneStates, aloneTransitions) = try stateCounts(alone)
    let (effectsStates, effectsTransitions) = try stateCounts(withEffects)
    #expect(effectsStates > aloneStates)
    #expect(effectsTransitions > aloneTransitions)
  }
}
