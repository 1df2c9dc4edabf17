/// A selector's output held to a value, as `expect`, `invariant` and `break when` read it:
/// `selectValue < 5`, `selectCategoryIds contains "Mammal"`, `selectAnimalsValues.count == 6`.
public struct Predicate: Equatable, Sendable {
  /// How the output is compared with the value.
  public enum Operator: String, CaseIterable, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    /// An element of an array or set, a key of a dictionary, a substring of a string.
    case contains

    /// Whether the operator orders values, so the output must be `Comparable`.
    public var orders: Bool {
      switch self {
      case .less, .lessOrEqual, .greater, .greaterOrEqual: true
      case .equal, .notEqual, .contains: false
      }
    }

    /// Whether `left op right` holds, for two values of one `Comparable` type.
    public func holds<T: Comparable>(_ left: T, _ right: T) -> Bool {
      switch self {
      case .equal: left == right
      case .notEqual: left != right
      case .less: left < right
      case .lessOrEqual: left <= right
      case .greater: left > right
      case .greaterOrEqual: left >= right
      case .contains: false
      }
    }

    /// The operators as an error lists them.
    public static let listed = "`==`, `!=`, `<`, `<=`, `>`, `>=` or `contains`"
  }

  /// The selector whose output is tested.
  public var call: SelectorCall
  /// True for `selector.count`: the number of elements of the output is compared.
  public var countsElements: Bool
  /// The comparison.
  public var comparison: Operator
  /// The value typed on the right.
  public var expected: ParsedValue

  /// Creates a predicate.
  public init(call: SelectorCall, countsElements: Bool = false, comparison: Operator, expected: ParsedValue) {
    self.call = call
    self.countsElements = countsElements
    self.comparison = comparison
    self.expected = expected
  }

  /// The left side as typed: `selectAnimalsValues.count`.
  public var subject: String {
    call.text + (countsElements ? ".count" : "")
  }

  /// The predicate on one line, as it is typed: `selectValue < 5`.
  public var text: String {
    "\(subject) \(comparison.rawValue) \(expected.sourceText)"
  }

  /// What a failure reports of the output: `actual: 3`, after `actual count: 2` for `.count`.
  public func actualLines(output: Value) -> [String] {
    var lines: [String] = []
    if countsElements {
      let count: Int = switch output {
      case .array(let elements): elements.count
      case .dictionary(let entries): entries.count
      case .string(let text): text.count
      default: 0
      }
      lines.append("  actual count: \(count)")
    }
    ValuePrinter.appendPretty(output, prefix: "actual: ", suffix: "", indent: 2, to: &lines)
    return lines
  }
}

extension ValueParser {
  /// `selector[(arguments)][.count] <operator> <value>`; `what` says what the value is for.
  public mutating func parsePredicate(_ what: String) throws(CommandError) -> Predicate {
    let call = try parseSelectorCall()
    var countsElements = false
    if case .punctuation(".") = currentToken {
      advance()
      guard peekIdentifier == "count" else {
        throw CommandError("expected `count` after `.` (the number of elements of the output)", column: column)
      }
      advance()
      countsElements = true
    }
    let comparison = try parseOperator(what)
    let expected = try parseValue()
    return Predicate(call: call, countsElements: countsElements, comparison: comparison, expected: expected)
  }

  private mutating func parseOperator(_ what: String) throws(CommandError) -> Predicate.Operator {
    switch currentToken {
    case .comparison(let symbol):
      guard let comparison = Predicate.Operator(rawValue: symbol) else { break }
      advance()
      return comparison
    case .identifier("contains"):
      advance()
      return .contains
    default:
      break
    }
    throw CommandError("expected \(Predicate.Operator.listed) and \(what), found \(describe(currentToken))", column: column)
  }
}
