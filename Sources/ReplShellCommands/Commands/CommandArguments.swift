import ReplShellSession
import StateValues
/// The text after a command word, with the columns error messages point at.
public struct CommandArguments: Sendable {
  /// The command word as typed (`exit` for `quit`), for messages.
  public let word: String
  /// Everything after the word, untrimmed.
  public let text: String
  /// The column of the first character of `text`.
  public let column: Int

  /// The arguments `text` after `word`, starting at `column`.
  public init(word: String, text: String, column: Int) {
    self.word = word
    self.text = text
    self.column = column
  }

  /// The text without surrounding whitespace; nil when nothing was typed.
  var trimmed: String? {
    let trimmed = text.trimmingLeadingWhitespace.trimmingTrailingWhitespace
    return trimmed.isEmpty ? nil : trimmed
  }

  /// Throws unless nothing but whitespace follows the command word.
  func expectNothing() throws(CommandError) {
    let extra = text.trimmingLeadingWhitespace
    guard extra.isEmpty else {
      throw CommandError("`\(word)` takes no arguments; remove `\(extra.truncatedForMessage)`", column: column + text.count - extra.count)
    }
  }

  /// The arguments split into shell words, quotes removed.
  public func words() throws(CommandError) -> [ShellWords.Word] {
    try ShellWords.split(text, startColumn: column)
  }

  /// The one word typed after the command, such as a file or a number: `missing` is the error
  /// when there is none, and a second word is an error that says what to remove.
  func singleWord(_ what: String, missing: String) throws(CommandError) -> ShellWords.Word {
    let words = try words()
    guard let first = words.first else {
      throw CommandError(missing, column: column)
    }
    guard words.count == 1 else {
      throw CommandError("\(word) takes one \(what); remove `\(words[1].text.truncatedForMessage)`", column: words[1].column)
    }
    return first
  }

  /// A parser of the arguments as values, action paths or a selector call.
  public func valueParser() throws(CommandError) -> ValueParser {
    try ValueParser(text, startColumn: column)
  }

  /// The arguments as one selector call; `select` and `watch` read theirs so.
  func selectorCall() throws(CommandError) -> SelectorCall {
    var parser = try valueParser()
    guard !parser.atEnd else {
      throw CommandError("\(word) needs a selector: type `selectors` for the list, or press Tab", column: column)
    }
    let call = try parser.parseSelectorCall()
    try parser.expectEnd()
    return call
  }
}

extension CommandArguments {
  /// One action pattern, or nil when nothing was typed; and the column of the pattern.
  func optionalActionPattern() throws(CommandError) -> (ActionPattern?, Int) {
    let words = try words()
    guard let first = words.first else { return (nil, column) }
    if words.count > 1 {
      throw CommandError("\(self.word) takes one action pattern; remove `\(words[1].text.truncatedForMessage)`", column: words[1].column)
    }
    return (try ActionPattern(parsing: first.text, column: first.column), first.column)
  }
}
