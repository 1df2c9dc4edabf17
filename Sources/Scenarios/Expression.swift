/// A value as the user typed it: a Swift-like literal with the column it starts at, before it is
/// decoded into a domain type.
package struct Expression: Sendable, Equatable {
  /// The shapes of expression the command language knows.
  package indirect enum Kind: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([Expression])
    case dictionary([(key: Expression, value: Expression)])
    /// `name`, `.name`, `Type.name`, `a.b.c`, optionally followed by `(arguments)`.
    case member(leadingDot: Bool, path: [String], arguments: [Argument]?)
    /// `\.name` or `\Type.name`.
    case keyPath([String])

    package static func == (lhs: Kind, rhs: Kind) -> Bool {
      switch (lhs, rhs) {
      case (.string(let a), .string(let b)): a == b
      case (.int(let a), .int(let b)): a == b
      case (.double(let a), .double(let b)): a == b
      case (.bool(let a), .bool(let b)): a == b
      case (.null, .null): true
      case (.array(let a), .array(let b)): a == b
      case (.dictionary(let a), .dictionary(let b)):
        a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
      case (.member(let dotA, let pathA, let argsA), .member(let dotB, let pathB, let argsB)):
        dotA == dotB && pathA == pathB && argsA == argsB
      case (.keyPath(let a), .keyPath(let b)): a == b
      default: false
      }
    }
  }

  /// One argument inside parentheses: `label: value` or just `value`.
  package struct Argument: Sendable, Equatable {
    /// The label, or nil when the argument has none.
    package var label: String?
    /// The argument's value.
    package var value: Expression

    /// Creates an argument.
    package init(label: String?, value: Expression) {
      self.label = label
      self.value = value
    }
  }

  /// What was typed.
  package var kind: Kind
  /// The 1-based column where it starts in its line.
  package var column: Int

  /// Creates an expression.
  package init(_ kind: Kind, column: Int) {
    self.kind = kind
    self.column = column
  }
}
