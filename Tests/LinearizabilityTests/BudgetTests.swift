import Foundation
import Testing

@testable import Linearizability

/// One budget bounds a check from the first byte read to the verdict: bytes, operations and
/// nesting while reading, search steps while checking, and the deadline and cancellation at
/// both. A budget that runs out answers unknown, naming what ran out and what to raise.
@Suite struct BudgetTests {
  let register = LinearizabilityChecker(model: RegisterModel())

  /// Forty concurrent writes that may each have happened or not, and a read of a value none
  /// wrote: 2^40 subsets to rule out, which once ran for hours with memory climbing.
  static let indeterminateWrites: String = {
    var lines = (0..<40).map { "{:process \($0), :type :invoke, :f :write, :value \($0)}" }
    lines.append("{:process 99, :type :invoke, :f :read, :value nil}")
    lines.append("{:process 99, :type :ok, :f :read, :value 77}")
    lines += (0..<40).map { "{:process \($0), :type :info, :f :write, :value \($0)}" }
    return lines.joined(separator: "\n")
  }()

  static func sequential(_ rounds: Int) -> String {
    (0..<rounds).map { round in
      """
      {:process 0, :type :invoke, :f :write, :value \(round)}
      {:process 0, :type :ok, :f :write, :value \(round)}
      {:process 1, :type :invoke, :f :read, :value nil}
      {:process 1, :type :ok, :f :read, :value \(round)}
      """
    }.joined(separator: "\n")
  }

  @Test func aSearchThatRunsOutOfStepsIsUnknownAndSaysWhatToRaise() throws {
    var budget = LinearizeBudget()
    budget.maximumSteps = 200_000
    let history = try HistoryReader.read(Self.indeterminateWrites, source: "info.edn")
    guard case .unknown(let shortfall) = try register.check(history, budget: budget) else {
      Issue.record("expected unknown")
      return
    }
    #expect(shortfall == .steps(limit: 200_000))
    var run = LinearizeRun(domain: .register)
    run.budget = budget
    let report = run.check(text: Self.indeterminateWrites, source: "info.edn")
    #expect(report.outcome == .unknown)
    #expect(report.lines == ["info.edn: unknown: no verdict within 200,000 search steps (41 operations, 41 clients); raise the limit with `--max-steps 800000`"])
  }

  /// Nobody gave a budget: the default one holds, every limit finite. (Running a search to the
  /// default's 20 million steps takes minutes in a debug build: the test above runs one out.)
  @Test func everyLimitHasADefault() {
    let budget = LinearizeRun(domain: .register).budget
    #expect(budget.maximumSteps == 20_000_000 && budget.maximumOperations == 250_000 && budget.maximumBytes == 32 << 20)
    #expect(budget.maximumDepth == 64 && budget.maximumWitnessLines == 200 && budget.deadline == nil)
  }

  /// The search of a history whose operations never overlap keeps a few words per step:
  /// its memory and time grow with the history, not with its square.
  @Test func aSequentialHistoryIsCheckedInLinearStepsAndMemory() throws {
    var figures: [(steps: Int, words: Int)] = []
    for rounds in [1_000, 4_000] {
      let history = try HistoryReader.read(Self.sequential(rounds), source: "seq.edn")
      var search = Search(model: RegisterModel(), history: history, actions: try register.actions(of: history))
      #expect(search.run(stepLimit: .max, budget: LinearizeBudget()) == .linearizable)
      figures.append((search.statistics.steps, search.statistics.storedWords))
    }
    // Four times the operations: four times the steps and the words, give or take.
    #expect(figures[1].steps <= figures[0].steps * 5, "\(figures)")
    #expect(figures[1].words <= figures[0].words * 5, "\(figures)")
    #expect(figures[1].words <= 4 * 8_000 * 4, "\(figures)")
  }

  @Test func aHistoryLargerThanTheByteBudgetIsNotReadAndSaysWhatToRaise() throws {
    var budget = LinearizeBudget()
    budget.maximumBytes = 1_000
    let text = Self.sequential(20)
    #expect {
      _ = try HistoryReader.read(text, source: "big.edn", budget: budget)
    } throws: { error in
      (error as? HistoryError)?.shortfall == .bytes(limit: 1_000)
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("budget-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer {
      // Best-effort cleanup of the test's own folder: a failure leaves a folder, not a wrong result.
      try? FileManager.default.removeItem(at: folder)
    }
    let path = folder.appendingPathComponent("big.edn").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    var run = LinearizeRun(domain: .register)
    run.budget = budget
    let report = run.check(path: path)
    #expect(report.outcome == .unknown)
    #expect(report.lines == ["\(path): unknown: not read: the history is larger than 1,000 bytes; raise the limit with `--max-bytes 4000`"])
  }

  @Test func aHistoryWithMoreOperationsThanTheBudgetNamesTheLineWhereItStopped() {
    var budget = LinearizeBudget()
    budget.maximumOperations = 30
    var run = LinearizeRun(domain: .register)
    run.budget = budget
    let report = run.check(text: Self.sequential(20), source: "many.edn")
    #expect(report.outcome == .unknown)
    #expect(report.lines == ["many.edn:61: unknown: not read: the history has more than 30 operations; raise the limit with `--max-operations 120`"])
  }

  @Test func readingAndCheckingStopOnceTheDeadlineHasPassedOrTheCheckIsCancelled() throws {
    var late = LinearizeBudget()
    late.deadline = .now
    #expect {
      _ = try HistoryReader.read(Self.sequential(500), source: "seq.edn", budget: late)
    } throws: { error in
      (error as? HistoryError)?.shortfall == .deadline
    }
    var cancelled = LinearizeBudget()
    cancelled.isCancelled = { true }
    #expect {
      _ = try HistoryReader.read(Self.sequential(500), source: "seq.edn", budget: cancelled)
    } throws: { error in
      (error as? HistoryError)?.shortfall == .cancelled
    }
    let history = try HistoryReader.read(Self.indeterminateWrites, source: "info.edn")
    guard case .unknown(.cancelled) = try register.check(history, budget: cancelled) else {
      Issue.record("expected unknown, cancelled")
      return
    }
  }

  /// The default budget asks the task it runs in: a cancelled task's check stops.
  @Test func aCancelledTasksCheckStops() async throws {
    let history = try HistoryReader.read(Self.indeterminateWrites, source: "info.edn")
    let checker = register
    let verdict = try await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try checker.check(history)
    }.value
    guard case .unknown(.cancelled) = verdict else {
      Issue.record("expected unknown, cancelled: \(verdict.name)")
      return
    }
  }

  /// Keys checked on other threads stop too: only the calling thread can ask its task, and it
  /// tells the others.
  @Test func aCancelledTasksCheckOfManyKeysStops() async throws {
    var lines: [String] = []
    for key in 0..<4 {
      lines += (0..<30).map { "{:process \(key * 100 + $0), :type :invoke, :f :put, :key \"k\(key)\", :value \"\($0)\"}" }
      lines.append("{:process \(key * 100 + 99), :type :invoke, :f :get, :key \"k\(key)\", :value nil}")
      lines.append("{:process \(key * 100 + 99), :type :ok, :f :get, :key \"k\(key)\", :value \"none\"}")
      lines += (0..<30).map { "{:process \(key * 100 + $0), :type :info, :f :put, :key \"k\(key)\", :value \"\($0)\"}" }
    }
    let history = try HistoryReader.read(lines.joined(separator: "\n"), source: "keys.edn")
    let checker = LinearizabilityChecker(model: KeyValueModel())
    let verdict = try await Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try checker.check(history)
    }.value
    guard case .unknown(.cancelled) = verdict else {
      Issue.record("expected unknown, cancelled: \(verdict.name)")
      return
    }
  }
}
