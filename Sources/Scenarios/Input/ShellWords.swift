/// Splits option text into words the way a shell does: spaces separate, quotes group.
enum ShellWords {
  /// One word and the column it starts at.
  struct Word: Equatable {
    let text: String
    let column: Int
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
}
