/// The limit of a `Budget` that ran out before the work was done: the answer is then unknown (a
/// check is never passed for it), and the message says what ran out and which option raises it.
/// Every surface spells the options the same: `--max-bytes`, `--max-operations`, `--max-steps`,
/// `--timeout`.
public enum BudgetShortfall: Sendable, Hashable, CustomStringConvertible {
  /// The input is larger than `maximumBytes`.
  case bytes(limit: Int)
  /// The input nests deeper than `maximumDepth`.
  case depth(limit: Int)
  /// The input has more operations than `maximumOperations`.
  case operations(limit: Int)
  /// The search took `maximumSteps` steps without a verdict.
  case steps(limit: Int)
  /// The deadline passed.
  case deadline
  /// The caller cancelled the check.
  case cancelled

  /// What ran out: `no verdict within 10,000,000 search steps`. A surface that knows its input's
  /// name says it instead of "the input" (`the history is larger than …`) with `whatRanOut(of:)`.
  public var whatRanOut: String { whatRanOut(of: "the input") }

  /// What ran out, `subject` naming the input: `the history is larger than 1,000 bytes`.
  public func whatRanOut(of subject: String) -> String {
    switch self {
    case .bytes(let limit): "\(subject) is larger than \(Self.grouped(limit)) bytes"
    case .depth(let limit): "\(subject) nests deeper than \(Self.grouped(limit)) levels"
    case .operations(let limit): "\(subject) has more than \(Self.grouped(limit)) operations"
    case .steps(let limit): "no verdict within \(Self.grouped(limit)) search steps"
    case .deadline: "no verdict before the deadline"
    case .cancelled: "the check was cancelled"
    }
  }

  /// What to raise, as the command line spells it (`linearize --max-steps 40000000`), or nil
  /// when nothing can be raised: four times the limit, since a search's cost can grow that
  /// fast with a few more concurrent operations.
  public var raise: String? {
    switch self {
    case .bytes(let limit): "raise the limit with `--max-bytes \(Self.times4(limit))`"
    // No surface takes a deeper value: past the depth, reading and printing would recurse past
    // what a thread's stack holds. The input is to be flattened, not the limit raised.
    case .depth: nil
    case .operations(let limit): "raise the limit with `--max-operations \(Self.times4(limit))`"
    case .steps(let limit): "raise the limit with `--max-steps \(Self.times4(limit))`"
    case .deadline: "give more time with --timeout, such as `--timeout 60s`"
    case .cancelled: nil
    }
  }

  /// `what ran out; what to raise`.
  public var description: String { description(of: "the input") }

  /// `what ran out; what to raise`, `subject` naming the input.
  public func description(of subject: String) -> String {
    raise.map { "\(whatRanOut(of: subject)); \($0)" } ?? whatRanOut(of: subject)
  }

  static func times4(_ limit: Int) -> Int {
    limit.multipliedReportingOverflow(by: 4).overflow ? .max : limit * 4
  }

  /// `10,000,000`.
  public static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return number < 0 ? "-" + result : result
  }
}
