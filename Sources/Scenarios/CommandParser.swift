/// Parses one line of the command language into a `Command`.
package enum CommandParser {
  /// Every command word, for help and completion.
  package static let commandNames = [
    "help", "domains", "use", "actions", "selectors", "dispatch", "select", "state", "diff",
    "history", "watch", "unwatch", "debug", "expect", "settle", "reset", "quit",
  ]

  /// Parses `line`; blank lines and `#` comments are `.nothing`.
  package static func parse(_ line: String) throws(CommandError) -> Command {
    let trimmed = line.trimmingLeadingWhitespace
    if trimmed.isEmpty || trimmed.hasPrefix("#") {
      return .nothing
    }
    let leading = line.count - trimmed.count
    let word = String(trimmed.prefix { !$0.isWhitespace })
    let restStart = leading + word.count
    let rest = String(line.dropFirst(restStart))
    let restColumn = restStart + 1
    switch word {
    case "help", "?":
      let topic = rest.trimmingLeadingWhitespace.trimmingTrailingWhitespace
      return .help(topic: topic.isEmpty ? nil : topic)
    case "domains":
      try expectNothing(rest, column: restColumn, after: word)
      return .domains
    case "use":
      let words = try ShellWords.split(rest, startColumn: restColumn)
      guard let domain = words.first else {
        throw CommandError("use needs a domain name, e.g. `use counter` (type `domains` for the list)", column: restColumn)
      }
      return .use(domain: domain.text, options: words.dropFirst().map(\.text), column: domain.column)
    case "actions":
      let filter = rest.trimmingLeadingWhitespace.trimmingTrailingWhitespace
      return .actions(filter: filter.isEmpty ? nil : filter)
    case "selectors":
      try expectNothing(rest, column: restColumn, after: word)
      return .selectors
    case "dispatch":
      var parser = try ExpressionParser(rest, startColumn: restColumn)
      guard !parser.atEnd else {
        throw CommandError("dispatch needs an action, e.g. `dispatch didTapIncrementButton` (type `actions` for the list)", column: restColumn)
      }
      let action = try parser.parseActionPath()
      try parser.expectEnd()
      return .dispatch(action)
    case "select", "watch":
      var parser = try ExpressionParser(rest, startColumn: restColumn)
      guard !parser.atEnd else {
        throw CommandError("\(word) needs a selector, e.g. `\(word) selectValue` (type `selectors` for the list)", column: restColumn)
      }
      let call = try parser.parseSelectorCall()
      try parser.expectEnd()
      return word == "select" ? .select(call) : .watch(call)
    case "unwatch":
      let name = rest.trimmingLeadingWhitespace.trimmingTrailingWhitespace
      return .unwatch(name: name.isEmpty ? nil : name)
    case "state":
      var parser = try ExpressionParser(rest, startColumn: restColumn)
      if parser.atEnd { return .state(path: [], column: restColumn) }
      let column = parser.column
      let path = try parser.parseDottedPath()
      try parser.expectEnd()
      return .state(path: path, column: column)
    case "diff", "history", "settle", "reset":
      try expectNothing(rest, column: restColumn, after: word)
      switch word {
      case "diff": return .diff
      case "history": return .history
      case "settle": return .settle
      default: return .reset
      }
    case "quit", "exit":
      try expectNothing(rest, column: restColumn, after: word)
      return .quit
    case "debug":
      return try parseDebug(rest, column: restColumn)
    case "expect":
      return try parseExpect(rest, column: restColumn)
    default:
      let suggestions = Suggestions.closest(to: word, among: commandNames)
      let hint = suggestions.isEmpty ? "type `help` for the list of commands" : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))?"
      throw CommandError("unknown command `\(word.truncatedForMessage)`: \(hint)", column: leading + 1)
    }
  }

  private static func expectNothing(_ rest: String, column: Int, after word: String) throws(CommandError) {
    let extra = rest.trimmingLeadingWhitespace
    guard extra.isEmpty else {
      throw CommandError("`\(word)` takes no arguments; remove `\(extra.truncatedForMessage)`", column: column + rest.count - extra.count)
    }
  }

  private static func parseDebug(_ rest: String, column: Int) throws(CommandError) -> Command {
    let words = try ShellWords.split(rest, startColumn: column)
    func flag(_ word: ShellWords.Word) throws(CommandError) -> Bool {
      switch word.text {
      case "on": return true
      case "off": return false
      default: throw CommandError("expected `on` or `off`, found `\(word.text.truncatedForMessage)`", column: word.column)
      }
    }
    switch words.count {
    case 0:
      return .debug(category: nil, enabled: nil)
    case 1 where ["on", "off"].contains(words[0].text):
      return .debug(category: nil, enabled: try flag(words[0]))
    case 1:
      return .debug(category: words[0].text, enabled: nil)
    case 2:
      return .debug(category: words[0].text, enabled: try flag(words[1]))
    default:
      throw CommandError("usage: debug [category] on|off", column: words[2].column)
    }
  }

  private static func parseExpect(_ rest: String, column: Int) throws(CommandError) -> Command {
    var parser = try ExpressionParser(rest, startColumn: column)
    if parser.peekIdentifier == "error" {
      parser.advance()
      guard !parser.atEnd else {
        throw CommandError("expect error needs an action, e.g. `expect error ui.animalList.onTapDeleteSelectedAnimalButton(animalId: \"Nope\")`", column: parser.column)
      }
      let action = try parser.parseActionPath()
      try parser.expectEnd()
      return .expectError(action)
    }
    guard !parser.atEnd else {
      throw CommandError("usage: expect <selector> == <value>, or expect error <action>", column: column)
    }
    let call = try parser.parseSelectorCall()
    try parser.expect(.equalsEquals, "`==` and the expected value after the selector")
    let expected = try parser.parseExpression()
    try parser.expectEnd()
    return .expectSelector(call, expected: expected)
  }
}

extension StringProtocol {
  var trimmingLeadingWhitespace: String { String(drop { $0.isWhitespace }) }
  var trimmingTrailingWhitespace: String {
    var text = String(self)
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return text
  }
  /// The text cut to a length that fits in an error line.
  var truncatedForMessage: String {
    let cleaned = String(map { $0.isWhitespace ? " " : ($0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } ? $0 : "?") })
    return cleaned.count > 40 ? String(cleaned.prefix(40)) + "…" : cleaned
  }
}
