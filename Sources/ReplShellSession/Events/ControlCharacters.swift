/// Text from outside the shell (what an attached app prints, a recording `--replay` opens) with
/// the control characters escaped: an app, a stranger posing as one, or a crafted file must not
/// be able to set the window's title, colour the terminal or move its cursor. `ESC` prints as
/// `\u{1B}`, a bell as `\u{7}`; line breaks and tabs stay, as does every printable character.
package enum ControlCharacters {
  /// `text` with every control character other than a line break or a tab written as `\u{XX}`:
  /// C0 (`ESC`, `BEL`, carriage return, backspace…), `DEL` and C1 (U+0080 to U+009F, which some
  /// terminals take as `ESC` sequences too). With `onOneLine`, line breaks and tabs are escaped
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

  /// Whether `scalar` is a control character a terminal could act on.
  package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: false
    case 0x00...0x1F, 0x7F...0x9F: true
    default: false
    }
  }
}
