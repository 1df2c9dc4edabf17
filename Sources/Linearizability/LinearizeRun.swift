import Foundation
import ReplShellFoundation

/// Checks history files against one domain and says what it found, for any front end: the
/// command line prints `lines` and exits with `status`.
public struct LinearizeRun: Sendable {
  /// What one file came to.
  public enum Outcome: Sendable, Equatable {
    case linearizable, notLinearizable, unknown, malformed
  }

  /// The exit status when every history is linearizable.
  public static let linearizableStatus: Int32 = 0
  /// The exit status when a history is not linearizable.
  public static let notLinearizableStatus: Int32 = 1
  /// The exit status when the time ran out before a verdict (and none was "not linearizable").
  public static let unknownStatus: Int32 = 2
  /// The exit status for a history that cannot be read (sysexits' EX_DATAERR).
  public static let malformedStatus: Int32 = 65

  /// The model to check against.
  public let domain: LinearizabilityDomain
  /// The time each file's reading and check may take before it answers unknown; nil for no
  /// limit (the budget's other limits still hold). Shrinking a failure gets as much again
  /// (`defaultShrinkingBudget` without it), then keeps the smallest witness found.
  public var timeout: Duration?
  /// How long shrinking may take when no timeout is given.
  public static let defaultShrinkingBudget: Duration = .seconds(60)
  /// What each file may spend: bytes, operations, search steps, witness lines, cancellation.
  /// Its deadline is set from `timeout` when each file's check starts.
  public var budget = LinearizeBudget()
  /// Whether to shrink a failing history to a minimal witness and draw it.
  public var explains = true
  /// Where to write a page of the (first) failing history, with its witness highlighted.
  public var htmlPath: String?
  /// Whether the page may replace an existing file.
  public var overwrites = false

  /// A run against `domain`.
  public init(domain: LinearizabilityDomain) {
    self.domain = domain
  }

  /// What checking one history found.
  public struct Report: Sendable {
    public let source: String
    public let outcome: Outcome
    /// What to print, without trailing newlines, escaped for a terminal.
    public let lines: [String]
    /// The part that failed and its shrunk witness, when it failed.
    public let failure: (part: History, witness: Counterexample)?
    /// How long the check (without shrinking) took.
    public let elapsed: Duration

    init(source: String, outcome: Outcome, lines: [String], failure: (part: History, witness: Counterexample)? = nil, elapsed: Duration) {
      self.source = source
      self.outcome = outcome
      self.lines = lines.map { ControlCharacters.escaped($0, onOneLine: true) }
      self.failure = failure
      self.elapsed = elapsed
    }
  }

  /// The budget of a check that starts now.
  private func budgetStarting(at start: ContinuousClock.Instant) -> LinearizeBudget {
    var budget = self.budget
    budget.shared = budget.shared.ending(by: timeout.map { start + $0 })
    return budget
  }

  /// The report for `history`.
  public func check(_ history: History) -> Report {
    let start = ContinuousClock.now
    return check(history, budget: budgetStarting(at: start), start: start)
  }

  private func check(_ history: History, budget: LinearizeBudget, start: ContinuousClock.Instant) -> Report {
    let verdict: Verdict
    do {
      verdict = try domain.check(history, budget: budget)
    } catch {
      return Report(source: history.source, outcome: .malformed, lines: ["\(error)"], elapsed: ContinuousClock.now - start)
    }
    let elapsed = ContinuousClock.now - start
    let size = "\(history.operations.count) operations, \(history.processes.count) clients"
    switch verdict {
    case .linearizable:
      return Report(source: history.source, outcome: .linearizable, lines: ["\(history.source): linearizable (\(size), \(Self.show(elapsed)))"], elapsed: elapsed)
    case .unknown(let shortfall):
      return Report(
        source: history.source, outcome: .unknown, lines: ["\(history.source): unknown: \(describe(shortfall, after: elapsed, size: size))"], elapsed: elapsed)
    case .notLinearizable(let counterexample):
      var lines = ["\(history.source): not linearizable (\(size), \(Self.show(elapsed)))"]
      guard explains else {
        return Report(source: history.source, outcome: .notLinearizable, lines: lines, failure: (counterexample.history, counterexample), elapsed: elapsed)
      }
      var shrinking = budget
      shrinking.deadline = ContinuousClock.now + (timeout ?? Self.defaultShrinkingBudget)
      let witness = domain.shrink(counterexample, budget: shrinking)
      let part = witness.partition.map { " in partition \($0)" } ?? ""
      lines.append(
        "witness\(part): \(witness.history.operations.count) of \(counterexample.history.operations.count) operations, \(witness.history.processes.count) of \(counterexample.history.processes.count) clients")
      var timeline = WitnessTimeline(witness)
      timeline.maximumLines = budget.maximumWitnessLines
      let drawing = timeline.drawing
      lines += drawing.lines.map { "  " + $0 }
      if drawing.omittedRows > 0 {
        let needed = drawing.lines.count + drawing.omittedRows
        lines.append("  (the drawing stops at \(budget.maximumWitnessLines) lines: raise the limit with `--max-witness-lines \(needed)`)")
      }
      return Report(source: history.source, outcome: .notLinearizable, lines: lines, failure: (counterexample.history, witness), elapsed: elapsed)
    }
  }

  /// `no verdict within 2.00 s (12 operations, 3 clients); give more time with …`.
  private func describe(_ shortfall: BudgetShortfall, after elapsed: Duration, size: String) -> String {
    switch shortfall {
    case .deadline:
      let limit = timeout.map { Self.show($0) } ?? "the deadline"
      return "no verdict within \(limit) (\(size)); give more time with --timeout, such as `--timeout 60s`"
    case .cancelled:
      return "the check was cancelled after \(Self.show(elapsed)) (\(size))"
    default:
      return "\(shortfall.whatRanOut(of: "the history")) (\(size))" + (shortfall.raise.map { "; \($0)" } ?? "")
    }
  }

  /// The report for a history that could not be read: malformed, or unknown when its budget
  /// ran out first.
  private func unread(_ error: HistoryError, elapsed: Duration) -> Report {
    guard let shortfall = error.shortfall else {
      return Report(source: error.source, outcome: .malformed, lines: ["\(error)"], elapsed: elapsed)
    }
    let what: String
    switch shortfall {
    case .deadline: what = "not read within \(timeout.map { Self.show($0) } ?? "the deadline"); give more time with --timeout, such as `--timeout 60s`"
    case .cancelled: what = "not read: the check was cancelled after \(Self.show(elapsed))"
    default: what = "not read: \(shortfall.description(of: "the history"))"
    }
    return Report(source: error.source, outcome: .unknown, lines: ["\(error.place): unknown: \(what)"], elapsed: elapsed)
  }

  /// The report for the file at `path`: its reading is within the budget and the timeout too.
  public func check(path: String) -> Report {
    let start = ContinuousClock.now
    let budget = budgetStarting(at: start)
    do {
      return check(try HistoryReader.read(contentsOf: path, budget: budget), budget: budget, start: start)
    } catch {
      return unread(error, elapsed: ContinuousClock.now - start)
    }
  }

  /// The report for a history given as `text` (as a file would hold it), named `source`.
  public func check(text: String, source: String) -> Report {
    let start = ContinuousClock.now
    let budget = budgetStarting(at: start)
    do {
      return check(try HistoryReader.read(text, source: source, budget: budget), budget: budget, start: start)
    } catch {
      return unread(error, elapsed: ContinuousClock.now - start)
    }
  }

  /// The exit status for `reports`: 1 when one is not linearizable, else 65 when one cannot be
  /// read, else 2 when one is unknown, else 0.
  public static func status(of reports: [Report]) -> Int32 {
    status(ofOutcomes: reports.map(\.outcome))
  }

  /// The exit status for `outcomes`, by the same rule.
  public static func status(ofOutcomes outcomes: [Outcome]) -> Int32 {
    let outcomes = Set(outcomes)
    if outcomes.contains(.notLinearizable) { return notLinearizableStatus }
    if outcomes.contains(.malformed) { return malformedStatus }
    if outcomes.contains(.unknown) { return unknownStatus }
    return linearizableStatus
  }

  /// `12 ms`, `1.4 s`.
  static func show(_ duration: Duration) -> String {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    if seconds < 1 { return String(format: "%.1f ms", seconds * 1000) }
    return String(format: "%.2f s", seconds)
  }
}
