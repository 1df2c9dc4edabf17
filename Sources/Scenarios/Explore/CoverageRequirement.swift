import Foundation
import StateValues

/// `explore --cover "5% selectMode == .halfOpen"`: a predicate that must hold after at least a
/// share of the accepted steps (`--cover-runs`: in at least a share of the runs, after one of
/// their steps), as QuickCheck's `cover` and `checkCoverage`. An explore that falls short fails
/// as a broken invariant does, but only once a statistical test is sure of it, so that a short
/// run does not fail by chance (`CoverageCheck`).
package struct CoverageRequirement: Sendable, Equatable {
  /// What the share counts.
  package enum Unit: Sendable, Equatable {
    /// Accepted steps after which the predicate held.
    case steps
    /// Runs in which it held after at least one step.
    case runs
  }

  /// The least share, from 0 to 1.
  package let share: Double
  package let predicate: StateValues.Predicate
  package let unit: Unit

  /// `5%` and the predicate after it, as typed to `--cover` (`--cover-runs` when `unit` is `.runs`).
  package static func parse(_ text: String, column: Int, unit: Unit) throws(CommandError) -> CoverageRequirement {
    let option = unit == .runs ? "--cover-runs" : "--cover"
    let trimmed = text.drop { $0 == " " }
    let shareText = trimmed.prefix { $0 != " " }
    let example = "e.g. `\(option) \"5% <selector> == <value>\"`"
    guard shareText.hasSuffix("%"), let percent = Double(shareText.dropLast()), percent > 0, percent <= 100 else {
      throw CommandError("\(option) takes a share above 0% and up to 100%, then a predicate, \(example)", column: column)
    }
    let rest = trimmed.dropFirst(shareText.count)
    let restColumn = column + text.count - rest.count
    var parser = try ValueParser(String(rest), startColumn: restColumn)
    guard !parser.atEnd else { throw CommandError("\(option) needs a predicate after the share, \(example)", column: restColumn) }
    let predicate = try parser.parsePredicate("the value after the selector, \(example)")
    try parser.expectEnd()
    return CoverageRequirement(share: percent / 100, predicate: predicate, unit: unit)
  }

  /// The requirement as typed: `5% selectMode == .halfOpen`.
  package var text: String { "\(CoverageCheck.percent(share)) \(predicate.text)" }

  /// The option and its value, for messages: `--cover "5% selectMode == .halfOpen"`.
  var typed: String { (unit == .runs ? "--cover-runs" : "--cover") + " \"\(text)\"" }
}

/// The sequential test of a coverage requirement (as `checkCoverage`'s): the Wilson score interval
/// of the share seen, at a confidence so high that a requirement that is met fails by chance less
/// than once in a billion checks. Below the interval's top the requirement fails; above its
/// bottom it is met; in between there were too few samples to tell, which is said, not failed.
///
/// Steps within one run are not independent (a run that reaches a state tends to stay in it), so
/// a share of steps is tested with the runs as its samples: the interval is as wide as the
/// number of runs makes it, however long they are.
enum CoverageCheck {
  /// The verdict on one requirement.
  enum Verdict: Equatable {
    case met
    /// The share is surely below the requirement: `high` is the top of its interval.
    case short(high: Double)
    /// Too few samples to tell either way.
    case undecided(low: Double, high: Double)
  }

  /// The normal quantile of the test: 6.1 standard deviations, about one in a billion on one side.
  static var z: Double { 6.109 }

  /// The Wilson score interval of `successes` out of `trials` (non-integer counts allowed) at `z`.
  static func wilson(successes: Double, trials: Double, z: Double = z) -> (low: Double, high: Double) {
    guard trials > 0 else { return (0, 1) }
    let share = min(1, max(0, successes / trials))
    let z2 = z * z
    let denominator = 1 + z2 / trials
    let centre = (share + z2 / (2 * trials)) / denominator
    let spread = z / denominator * ((share * (1 - share) / trials + z2 / (4 * trials * trials)).squareRoot())
    return (max(0, centre - spread), min(1, centre + spread))
  }

  /// The verdict on a share `successes / trials` against `required`, counted over `samples`
  /// independent samples (`trials` itself unless said).
  static func verdict(successes: Int, trials: Int, samples: Int? = nil, required: Double) -> Verdict {
    guard trials > 0 else { return .undecided(low: 0, high: 1) }
    let n = Double(samples ?? trials)
    let (low, high) = wilson(successes: Double(successes) / Double(trials) * n, trials: n)
    if high < required { return .short(high: high) }
    if low >= required { return .met }
    return .undecided(low: low, high: high)
  }

  /// A share as a percentage: `5%`, `0.13%`.
  static func percent(_ share: Double) -> String {
    let value = share * 100
    if value == value.rounded(), abs(value) < 1e15 { return "\(Int(value))%" }
    var text = String(format: value < 0.1 ? "%.3f" : "%.2f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text + "%"
  }
}
