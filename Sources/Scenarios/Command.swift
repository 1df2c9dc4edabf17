/// One parsed line of the command language.
package enum Command: Equatable, Sendable {
  case help(topic: String?)
  case domains
  case use(domain: String, options: [String], column: Int)
  case actions(filter: String?)
  case selectors
  case dispatch(Expression)
  case select(SelectorCall)
  case state(path: [String], column: Int)
  case diff
  case history
  case watch(SelectorCall)
  case unwatch(name: String?)
  case debug(category: String?, enabled: Bool?)
  case expectSelector(SelectorCall, expected: Expression)
  case expectError(Expression)
  case settle
  case reset
  case quit
  /// A blank line or a comment.
  case nothing
}

/// A selector as typed: its name and arguments, `selectAnimals(categoryId: "Mammal")`.
package struct SelectorCall: Equatable, Sendable {
  /// The selector's name.
  package var name: String
  /// Its arguments, possibly none.
  package var arguments: [Expression.Argument]
  /// The column of the name.
  package var column: Int

  /// The call on one line, as the user would type it.
  var text: String {
    Expression(.member(leadingDot: false, path: [name], arguments: arguments.isEmpty ? nil : arguments), column: column).sourceText
  }
}

extension Expression {
  /// The expression written back as source text.
  var sourceText: String {
    switch kind {
    case .string(let text):
      var quoted = ""
      ValuePrinter.writeQuoted(text, to: &quoted)
      return quoted
    case .int(let number): return String(number)
    case .double(let number): return ValuePrinter.format(number)
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "nil"
    case .array(let elements): return "[" + elements.map(\.sourceText).joined(separator: ", ") + "]"
    case .dictionary(let entries):
      return entries.isEmpty ? "[:]" : "[" + entries.map { $0.key.sourceText + ": " + $0.value.sourceText }.joined(separator: ", ") + "]"
    case .member(let leadingDot, let path, let arguments):
      var text = (leadingDot ? "." : "") + path.joined(separator: ".")
      if let arguments {
        text += "(" + arguments.map { ($0.label.map { $0 + ": " } ?? "") + $0.value.sourceText }.joined(separator: ", ") + ")"
      }
      return text
    case .keyPath(let path): return "\\." + path.joined(separator: ".")
    }
  }
}
