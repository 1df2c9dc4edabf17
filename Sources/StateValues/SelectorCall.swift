/// A selector as typed: its name and arguments, `selectAnimals(categoryId: "Mammal")`.
package struct SelectorCall: Equatable, Sendable {
  /// The selector's name.
  package var name: String
  /// Its arguments, possibly none.
  package var arguments: [ParsedValue.Argument]
  /// The column of the name.
  package var column: Int

  /// A call of `name` with `arguments`, typed at `column`.
  package init(name: String, arguments: [ParsedValue.Argument], column: Int) {
    self.name = name
    self.arguments = arguments
    self.column = column
  }

  /// The call on one line, as the user would type it.
  package var text: String {
    ParsedValue.member(leadingDot: false, path: [name], arguments: arguments.isEmpty ? nil : arguments, column: column).sourceText
  }
}
