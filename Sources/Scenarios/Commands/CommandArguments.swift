/// The text after a command word, with the columns error messages point at.
struct CommandArguments: Sendable {
  /// The command word as typed (`exit` for `quit`), for messages.
  let word: String
  /// Everything after the word, untrimmed.
  let text: String
  /// The column of the first character of `text`.
  let column: Int

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
  func words() throws(CommandError) -> [ShellWords.Word] {
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
  func valueParser() throws(CommandError) -> ValueParser {
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
  /// Reads the flags among `known` that lead the arguments (`--json`, `--all`), and what follows
  /// them; an unknown `--flag` is an error that names the nearest known one.
  func leadingFlags(_ known: [String]) throws(CommandError) -> (flags: Set<String>, rest: CommandArguments) {
    var flags: Set<String> = []
    var remaining = Substring(text)
    var offset = 0
    while true {
      let skipped = remaining.prefix { $0.isSpace }
      let afterSpace = remaining.dropFirst(skipped.count)
      guard afterSpace.hasPrefix("--") else { break }
      let flag = String(afterSpace.prefix { !$0.isSpace })
      let flagColumn = column + offset + skipped.count
      guard known.contains(flag) else {
        let nearest = Suggestions.closest(to: flag, among: known, limit: 1).first
        let hint = nearest.map { "; did you mean `\($0)`?" } ?? (known.isEmpty ? "; it takes none" : "; it takes " + known.map { "`\($0)`" }.joined(separator: ", "))
        throw CommandError("`\(word)` has no option `\(flag.truncatedForMessage)`\(hint)", column: flagColumn)
      }
      flags.insert(flag)
      offset += skipped.count + flag.count
      remaining = afterSpace.dropFirst(flag.count)
    }
    return (flags, CommandArguments(word: word, text: String(remaining), column: column + offset))
  }

  /// Reads `flag` if it leads the arguments; other `--` words are errors as in `leadingFlags`.
  func leadingFlag(_ flag: String, among known: [String]) throws(CommandError) -> (Bool, CommandArguments) {
    let (flags, rest) = try leadingFlags(known)
    return (flags.contains(flag), rest)
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
