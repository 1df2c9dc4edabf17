/// Splits option text into words the way a shell does: spaces separate, quotes group.
package enum ShellWords {
  /// One word and the column it starts at.
  package struct Word: Equatable {
    package let text: String
    package let column: Int
  }

  static func split(_ text: String, startColumn: Int) throws(CommandError) -> [Word] {
    var words: [Word] = []
    var current = ""
    var currentStart: Int?
    var quote: Character?
    var quoteStart = 0
    for (offset, character) in text.enumerated() {
      let column = startColumn + offset
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        quoteStart = column
        if currentStart == nil { currentStart = column }
      } else if character.isWhitespace {
        if let start = currentStart {
          words.append(Word(text: current, column: start))
          current = ""
          currentStart = nil
        }
      } else {
        if currentStart == nil { currentStart = column }
        current.append(character)
      }
    }
    if quote != nil {
      throw CommandError("unterminated quote", column: quoteStart)
    }
    if let start = currentStart {
      words.append(Word(text: current, column: start))
    }
    return words
  }

  /// `text` as one word `split` reads back: quoted when it is empty or has spaces or quotes;
  /// nil when it has both kinds of quote, which no word can hold.
  package static func quoted(_ text: String) -> String? {
    if text.isEmpty { return "\"\"" }
    guard text.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" }) else { return text }
    switch (text.contains("\""), text.contains("'")) {
    case (true, true): return nil
    case (true, false): return "'" + text + "'"
    default: return "\"" + text + "\""
    }
  }
}
