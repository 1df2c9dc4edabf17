extension TerminalText {
  /// The narrowest room a wrapped description keeps beside its hanging indent; with less, the
  /// continuation lines start further left instead.
  static let narrowestWrappedColumn = 20

  /// `text` broken between words into lines no wider than `width` where the words allow it (a
  /// word wider than the room stays whole on its own line): the first `hangingIndent` columns of
  /// the first line are kept as they are, and every further line starts `hangingIndent` spaces in.
  static func wrap(_ text: String, hangingIndent: Int, width: Int) -> [String] {
    guard self.width(of: text) > width else { return [text] }
    let head = String(text.prefix(hangingIndent))
    let indent = width - hangingIndent >= narrowestWrappedColumn ? hangingIndent : min(hangingIndent, 4)
    let words = text.dropFirst(head.count).split(separator: " ", omittingEmptySubsequences: true)
    var lines: [String] = []
    var line = head
    var lineWidth = self.width(of: head)
    var lineHasWords = false
    for word in words {
      let wordWidth = self.width(of: word)
      if lineHasWords && lineWidth + 1 + wordWidth > width {
        lines.append(line)
        line = String(repeating: " ", count: indent)
        lineWidth = indent
        lineHasWords = false
      }
      if lineHasWords {
        line += " "
        lineWidth += 1
      }
      line += word
      lineWidth += wordWidth
      lineHasWords = true
    }
    lines.append(line)
    return lines
  }
}
