import StateValues
/// Splits option text into words the way a shell does: spaces separate, quotes group.
public enum ShellWords {
  /// One word and the column it starts at.
  public struct Word: Equatable, Sendable {
    /// The word, its quotes removed.
    public let text: String
    /// The column its first character is at.
    public let column: Int
  }

  static func split(_ text: String, startColumn: Int) throws(CommandError) -> [Word] {
    var words: [Word] = []
    var rest = Substring(text)
    var column = startColumn
    while let (word, after, afterColumn) = try first(of: rest, startColumn: column) {
      words.append(word)
      rest = after
      column = afterColumn
    }
    return words
  }

  /// The first word of `text`, whose first character is at `startColumn`, and the text after it
  /// with the column it starts at; nil when `text` holds only whitespace.
  static func first(of text: Substring, startColumn: Int) throws(CommandError) -> (word: Word, rest: Substring, restColumn: Int)? {
    var current = ""
    var currentStart: Int?
    var quote: Character?
    var quoteStart = 0
    var column = startColumn
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        quoteStart = column
        if currentStart == nil { currentStart = column }
      } else if character.isWhitespace {
        if let start = currentStart { return (Word(text: current, column: start), text[index...], column) }
      } else {
        if currentStart == nil { currentStart = column }
        current.append(character)
      }
      index = text.index(after: index)
      column += 1
    }
    if quote != nil {
      throw CommandError("unterminated quote", column: quoteStart)
    }
    return currentStart.map { (Word(text: current, column: $0), text[text.endIndex...], column) }
  }

  /// `text` as one word `split` reads back: quoted when it is empty or has spaces or quotes;
  /// nil when it has both kinds of quote, which no word can hold.
  public static func quoted(_ text: String) -> String? {
    if text.isEmpty { return "\"\"" }
    guard text.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" }) else { return text }
    switch (text.contains("\""), text.contains("'")) {
    case (true, true): return nil
    case (true, false): return "'" + text + "'"
    default: return "\"" + text + "\""
    }
  }
}
