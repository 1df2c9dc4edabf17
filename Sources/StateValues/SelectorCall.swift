/// A selector as typed: its name and arguments, `selectAnimals(categoryId: "Mammal")`.
public struct SelectorCall: Equatable, Sendable {
  /// The selector's name.
  public var name: String
  /// Its arguments, possibly none.
  public var arguments: [ParsedValue.Argument]
  /// The column of the name.
  public var column: Int

  /// A call of `name` with `arguments`, typed at `column`.
  public init(name: String, arguments: [ParsedValue.Argument], column: Int) {
    self.name = name
    self.arguments = arguments
    self.column = column
  }

  /// The call on one line, as the user would type it.
  public var text: String {
    ParsedValue.member(leadingDot: false, path: [name], arguments: arguments.isEmpty ? nil : arguments, column: column).sourceText
  }
}
