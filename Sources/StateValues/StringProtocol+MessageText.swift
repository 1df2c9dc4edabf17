/// How typed text is trimmed, and cut short to be quoted in an error message.
extension StringProtocol {
  /// The text without the whitespace it starts with.
  public var trimmingLeadingWhitespace: String { String(drop { $0.isWhitespace }) }
  /// The text without the whitespace it ends with.
  public var trimmingTrailingWhitespace: String {
    var text = String(self)
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return text
  }
  /// The text cut to a length that fits in an error line.
  public var truncatedForMessage: String {
    let cleaned = String(map { character in
      character.isWhitespace ? " " : (character.unicodeScalars.contains(where: ValuePrinter.isEscaped) ? "?" : character)
    })
    return cleaned.count > 40 ? String(cleaned.prefix(40)) + "…" : cleaned
  }
}
