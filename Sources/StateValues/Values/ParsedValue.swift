/// A value as the user typed it: a `Value` (typed names are its `.member` case) with the column
/// of each of its parts kept beside it, in a tree of the same shape, so that `Value` itself stays
/// as light as the encoder and the diff need it.
public struct ParsedValue: Sendable, Equatable {
  /// The columns of a value's parts: where it starts, and one subtree per child in the order the
  /// value holds them — array elements, dictionary keys and values alternating, member arguments.
  public struct Columns: Sendable, Equatable {
    /// The 1-based column where the part starts in its line.
    public var column: Int
    /// The columns of the part's children; empty for a scalar.
    public var children: [Columns]

    /// Creates the columns of a part.
    public init(column: Int, children: [Columns] = []) {
      self.column = column
      self.children = children
    }
  }

  /// One argument in parentheses, with its columns: `label: value` or just `value`.
  public struct Argument: Sendable, Equatable {
    /// The label, or nil when the argument has none.
    public var label: String?
    /// The argument's value.
    public var value: ParsedValue

    /// Creates an argument.
    public init(label: String?, value: ParsedValue) {
      self.label = label
      self.value = value
    }
  }

  /// What was typed.
  public var value: Value
  /// Where each part of it was typed.
  public var columns: Columns

  /// Pairs a value with the columns of its parts.
  public init(_ value: Value, columns: Columns) {
    self.value = value
    self.columns = columns
  }

  /// A value without parts, typed at `column`.
  public init(_ value: Value, column: Int) {
    self.init(value, columns: Columns(column: column))
  }

  /// The 1-based column where the value starts in its line.
  public var column: Int { columns.column }
}

extension ParsedValue {
  /// An array of parsed elements, typed at `column`.
  public static func array(_ elements: [ParsedValue], column: Int) -> ParsedValue {
    ParsedValue(.array(elements.map(\.value)), columns: Columns(column: column, children: elements.map(\.columns)))
  }

  /// A dictionary of parsed entries in the order typed, at `column`.
  public static func dictionary(_ entries: [(key: ParsedValue, value: ParsedValue)], column: Int) -> ParsedValue {
    ParsedValue(
      .dictionary(entries.map { Entry($0.key.value, $0.value.value) }),
      columns: Columns(column: column, children: entries.flatMap { [$0.key.columns, $0.value.columns] }))
  }

  /// A typed name (`.name`, `Type.name`, `a.b.c`) with its arguments in parentheses, if any.
  public static func member(leadingDot: Bool, path: [String], arguments: [Argument]?, column: Int) -> ParsedValue {
    ParsedValue(
      .member(leadingDot: leadingDot, path: path, arguments: arguments?.map { Value.Argument(label: $0.label, value: $0.value.value) }),
      columns: Columns(column: column, children: (arguments ?? []).map(\.value.columns)))
  }

  /// The parts of an array, a dictionary (keys and values alternating) or a member's arguments,
  /// each with its columns.
  public var parts: [ParsedValue] {
    let values: [Value]
    switch value {
    case .array(let elements): values = elements
    case .dictionary(let entries): values = entries.flatMap { [$0.key, $0.value] }
    case .member(_, _, let arguments?): values = arguments.map(\.value)
    default: return []
    }
    assert(values.count == columns.children.count, "the columns of a parsed value have the value's shape")
    return zip(values, columns.children).map { ParsedValue($0, columns: $1) }
  }

  /// The arguments of a member with parentheses, each with its columns; nil without parentheses.
  public var arguments: [Argument]? {
    guard case .member(_, _, let arguments?) = value else { return nil }
    return zip(arguments, parts).map { Argument(label: $0.label, value: $1) }
  }

  /// The value written back as the user typed it.
  public var sourceText: String { ValuePrinter.sourceText(value) }

  /// A short description for error messages: what the user wrote, on one line.
  public var summary: String { ValuePrinter.summary(value) }
}
