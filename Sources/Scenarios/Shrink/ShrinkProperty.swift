/// What a recorded sequence breaks, as `shrink` takes it: the line that checks it, as a scenario
/// writes it (`invariant selectValue < 5`, `expect selectValue < 5`, `break when selectValue == 5`),
/// or the session's own invariants and breakpoints.
enum ShrinkProperty: Sendable {
  /// Holds after every action; broken by the first action after which it does not.
  case invariant(Predicate)
  /// Holds once every action ran; broken when it does not at the end.
  case expect(Predicate)
  /// Reached by the first action that makes it true from false.
  case breakWhen(Predicate)
  /// The first of the session's invariants and breakpoints an action breaks or reaches.
  case session

  /// The property read from what follows `shrink`'s options: empty for `.session`.
  static func parse(_ arguments: CommandArguments) throws(CommandError) -> ShrinkProperty {
    var parser = try arguments.valueParser()
    guard !parser.atEnd else { return .session }
    let column = parser.column
    let word = parser.peekIdentifier
    let keywords = ["invariant", "expect", "break"]
    guard let word, keywords.contains(word) else {
      throw CommandError(
        "shrink takes the property it breaks as its line: `invariant <predicate>`, `expect <predicate>` or `break when <predicate>` (`help predicates`), or nothing for the session's invariants and breakpoints",
        column: column)
    }
    parser.advance()
    if word == "break" {
      guard parser.peekIdentifier == "when" else {
        throw CommandError("a breakpoint is written `break when <predicate>`, e.g. `shrink break when <selector> == 3`", column: parser.column)
      }
      parser.advance()
    }
    guard !parser.atEnd else {
      throw CommandError("\(word == "break" ? "break when" : word) needs a predicate, e.g. `shrink \(word == "break" ? "break when" : word) <selector> < 5` (`help predicates`)", column: parser.column)
    }
    let predicate = try parser.parsePredicate("the value after the selector, e.g. `shrink \(word) <selector> < 5`")
    try parser.expectEnd()
    switch word {
    case "invariant": return .invariant(predicate)
    case "expect": return .expect(predicate)
    default: return .breakWhen(predicate)
    }
  }

  /// The property as the line that checks it.
  var line: String? {
    switch self {
    case .invariant(let predicate): "invariant \(predicate.text)"
    case .expect(let predicate): "expect \(predicate.text)"
    case .breakWhen(let predicate): "break when \(predicate.text)"
    case .session: nil
    }
  }
}
