import ReplShellCommands
import ReplShellSession
import StateValues
/// What a recorded sequence breaks, as `shrink` takes it: the line that checks it, as a scenario
/// writes it (`invariant selectValue < 5`, `expect selectValue < 5`, `break when selectValue == 5`),
/// an action the reducer rejects after them (`rejects <action>`), a scenario whose golden no longer
/// matches (`golden FILE.txt`), or the session's own invariants and breakpoints.
enum ShrinkProperty: Sendable {
  /// Holds after every action; broken by the first action after which it does not.
  case invariant(Predicate)
  /// Holds once every action ran; broken when it does not at the end.
  case expect(Predicate)
  /// Reached by the first action that makes it true from false.
  case breakWhen(Predicate)
  /// The reducer rejects the action after the sequence, with the same error as after the whole
  /// recording; nil: the last action the session or its recording saw rejected.
  case rejects(ParsedValue?)
  /// The scenario script at the path (relative to the shell's folder) no longer matches its
  /// golden: shrunk to the fewest lines whose transcript differs from it in the same way.
  case golden(path: String, column: Int)
  /// The first of the session's invariants and breakpoints an action breaks or reaches.
  case session

  /// The property read from what follows `shrink`'s options: empty for `.session`.
  static func parse(_ arguments: CommandArguments) throws(CommandError) -> ShrinkProperty {
    var parser = try arguments.valueParser()
    guard !parser.atEnd else { return .session }
    let column = parser.column
    let word = parser.peekIdentifier
    let keywords = ["invariant", "expect", "break", "rejects", "golden"]
    guard let word, keywords.contains(word) else {
      throw CommandError(
        "shrink takes the property it breaks as its line: `invariant <predicate>`, `expect <predicate>` or `break when <predicate>` (`help predicates`), `rejects [<action>]` for an action the reducer rejects, `golden FILE.txt` for a scenario whose golden no longer matches, or nothing for the session's invariants and breakpoints",
        column: column)
    }
    if word == "golden" {
      return try parseGolden(arguments)
    }
    parser.advance()
    if word == "rejects" {
      guard !parser.atEnd else { return .rejects(nil) }
      let action = try parser.parseActionPath()
      try parser.expectEnd()
      return .rejects(action)
    }
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

  /// `golden FILE.txt`: the script's path as typed, in quotes when it has spaces.
  private static func parseGolden(_ arguments: CommandArguments) throws(CommandError) -> ShrinkProperty {
    let text = arguments.text.trimmingLeadingWhitespace
    let afterWord = text.dropFirst("golden".count)
    let trimmed = afterWord.trimmingLeadingWhitespace
    let column = arguments.column + arguments.text.count - trimmed.count
    let quote = trimmed.first.flatMap { $0 == "\"" || $0 == "'" ? $0 : nil }
    let path = quote.map { quote in String(trimmed.dropFirst().prefix { $0 != quote }) } ?? String(trimmed.prefix { !$0.isWhitespace })
    let typedLength = quote == nil ? path.count : min(path.count + 2, trimmed.count)
    guard !path.isEmpty else {
      throw CommandError("golden needs the scenario script whose golden no longer matches, e.g. `shrink golden Scenarios/counter.txt`", column: column)
    }
    guard path.hasSuffix(".txt") else {
      throw CommandError("scenario scripts end in `.txt` (their golden beside them ends in `.golden`): try `shrink golden \(path.truncatedForMessage).txt`", column: column)
    }
    let rest = trimmed.dropFirst(typedLength).trimmingLeadingWhitespace
    guard rest.isEmpty else {
      throw CommandError("shrink golden takes one script; `\(String(rest).truncatedForMessage)` follows it: quote a path with spaces", column: arguments.column + arguments.text.count - rest.count)
    }
    return .golden(path: path, column: column)
  }

  /// The property as the line that checks it.
  var line: String? {
    switch self {
    case .invariant(let predicate): "invariant \(predicate.text)"
    case .expect(let predicate): "expect \(predicate.text)"
    case .breakWhen(let predicate): "break when \(predicate.text)"
    case .rejects(let action): action.map { "rejects \($0.sourceText)" } ?? "rejects"
    case .golden(let path, _): "golden \(path)"
    case .session: nil
    }
  }
}
