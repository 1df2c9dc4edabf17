import Foundation

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
  /// The time each file's check may take before it answers unknown; nil for no limit. Shrinking
  /// a failure gets as much again (`defaultShrinkingBudget` without it), then keeps the smallest
  /// witness found.
  public var timeout: Duration?
  /// How long shrinking may take when no timeout is given.
  public static let defaultShrinkingBudget: Duration = .seconds(60)
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
    /// What to print, without trailing newlines.
    public let lines: [String]
    /// The part that failed and its shrunk witness, when it failed.
    public let failure: (part: History, witness: Counterexample)?
    /// How long the check (without shrinking) took.
    public let elapsed: Duration
  }

  /// The report for `history`.
  public func check(_ history: History) -> Report {
    let clock = ContinuousClock()
    let start = clock.now
    let deadline = timeout.map { start + $0 }
    let verdict: Verdict
    do {
      verdict = try domain.check(history, deadline: deadline)
    } catch {
      return Report(source: history.source, outcome: .malformed, lines: ["\(error)"], failure: nil, elapsed: clock.now - start)
    }
    let elapsed = clock.now - start
    let size = "\(history.operations.count) operations, \(history.processes.count) clients"
    switch verdict {
    case .linearizable:
      return Report(source: history.source, outcome: .linearizable, lines: ["\(history.source): linearizable (\(size), \(Self.show(elapsed)))"], failure: nil, elapsed: elapsed)
    case .unknown:
      let limit = timeout.map { Self.show($0) } ?? "the limit"
      return Report(
        source: history.source, outcome: .unknown,
        lines: ["\(history.source): unknown: no verdict within \(limit) (\(size)); give more time with --timeout, such as `--timeout 60s`"],
        failure: nil, elapsed: elapsed)
    case .notLinearizable(let counterexample):
      var lines = ["\(history.source): not linearizable (\(size), \(Self.show(elapsed)))"]
      guard explains else {
        return Report(source: history.source, outcome: .notLinearizable, lines: lines, failure: (counterexample.history, counterexample), elapsed: elapsed)
      }
      let witness = domain.shrink(counterexample, deadline: clock.now + (timeout ?? Self.defaultShrinkingBudget))
      let part = witness.partition.map { " in partition \($0)" } ?? ""
      lines.append(
        "witness\(part): \(witness.history.operations.count) of \(counterexample.history.operations.count) operations, \(witness.history.processes.count) of \(counterexample.history.processes.count) clients")
      lines += WitnessTimeline(witness).lines.map { "  " + $0 }
      return Report(source: history.source, outcome: .notLinearizable, lines: lines, failure: (counterexample.history, witness), elapsed: elapsed)
    }
  }

  /// The report for the file at `path`.
  public func check(path: String) -> Report {
    do {
      return check(try HistoryReader.read(contentsOf: path))
    } catch {
      return Report(source: path, outcome: .malformed, lines: ["\(error)"], failure: nil, elapsed: .zero)
    }
  }

  /// The report for a history given as `text` (as a file would hold it), named `source`.
  public func check(text: String, source: String) -> Report {
    do {
      return check(try HistoryReader.read(text, source: source))
    } catch {
      return Report(source: source, outcome: .malformed, lines: ["\(error)"], failure: nil, elapsed: .zero)
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
