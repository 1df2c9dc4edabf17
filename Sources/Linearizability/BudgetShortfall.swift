/// The limit of a `LinearizeBudget` that ran out before a verdict: the answer is then unknown,
/// never a pass.
public enum BudgetShortfall: Sendable, Hashable, CustomStringConvertible {
  /// The history is larger than `maximumBytes`.
  case bytes(limit: Int)
  /// The history has more operations than `maximumOperations`.
  case operations(limit: Int)
  /// The search took `maximumSteps` steps without a verdict.
  case steps(limit: Int)
  /// The deadline passed.
  case deadline
  /// The caller cancelled the check.
  case cancelled

  /// What ran out: `no verdict within 10,000,000 search steps`.
  public var whatRanOut: String {
    switch self {
    case .bytes(let limit): "the history is larger than \(Self.grouped(limit)) bytes"
    case .operations(let limit): "the history has more than \(Self.grouped(limit)) operations"
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
    case .operations(let limit): "raise the limit with `--max-operations \(Self.times4(limit))`"
    case .steps(let limit): "raise the limit with `--max-steps \(Self.times4(limit))`"
    case .deadline: "give more time with --timeout, such as `--timeout 60s`"
    case .cancelled: nil
    }
  }

  /// `what ran out; what to raise`.
  public var description: String {
    raise.map { "\(whatRanOut); \($0)" } ?? whatRanOut
  }

  static func times4(_ limit: Int) -> Int {
    limit.multipliedReportingOverflow(by: 4).overflow ? .max : limit * 4
  }

  /// `10,000,000`.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return number < 0 ? "-" + result : result
  }
}
