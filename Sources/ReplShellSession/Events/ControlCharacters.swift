/// Text from outside the shell (what an attached app prints, a recording `--replay` opens) with
/// the control characters escaped: an app, a stranger posing as one, or a crafted file must not
/// be able to set the window's title, colour the terminal, move its cursor or reverse the line.
/// `ESC` prints as `\u{1B}`, a bell as `\u{7}`, a right-to-left override as `\u{202E}`; line
/// breaks and tabs stay, as does every other printable character.
package enum ControlCharacters {
  /// `text` with every control character other than a line break or a tab written as `\u{XX}`:
  /// C0 (`ESC`, `BEL`, carriage return, backspace…), `DEL`, C1 (U+0080 to U+009F, which some
  /// terminals take as `ESC` sequences too) and the bidirectional overrides and isolates
  /// (U+202A to U+202E, U+2066 to U+2069). With `onOneLine`, line breaks and tabs are escaped
  /// too: for text that must stay within its line (a history entry, a message).
  package static func escaped(_ text: String, onOneLine: Bool = false) -> String {
    let escapes = { (scalar: Unicode.Scalar) in isEscaped(scalar) || (onOneLine && (scalar == "\n" || scalar == "\t")) }
    guard text.unicodeScalars.contains(where: escapes) else { return text }
    var escaped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if escapes(scalar) {
        escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        escaped.append(scalar)
      }
    }
    return String(escaped)
  }

  /// The lines with their texts escaped, their kinds and indents kept.
  package static func escaped(_ lines: [OutputLine]) -> [OutputLine] {
    lines.map { line in
      guard line.text.unicodeScalars.contains(where: isEscaped) else { return line }
      return OutputLine(line.kind, escaped(line.text), hangingIndent: line.hangingIndent)
    }
  }

  /// Whether `scalar` is a character a terminal could act on, or one that reorders the line:
  /// what the value printer escapes (`ValuePrinter.isEscaped`), but for line breaks and tabs.
  package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    scalar != "\n" && scalar != "\t" && ValuePrinter.isEscaped(scalar)
  }
}
