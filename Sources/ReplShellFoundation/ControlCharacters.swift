/// Text from outside the shell (a value's strings, a key, a file's name, what an attached app
/// prints, a recording `--replay` opens, a history `linearize` reads) with the control characters
/// escaped: an app, a stranger posing as one, or a crafted file must not be able to set the
/// window's title, colour the terminal, move its cursor or reorder what the reader sees. `ESC`
/// prints as `\u{1B}`, a bell as `\u{7}`; line breaks and tabs stay, as does every printable
/// character. Every text the shell prints from such a source goes through here.
public enum ControlCharacters {
  /// `text` with every control character other than a line break or a tab written as `\u{XX}`:
  /// C0 (`ESC`, `BEL`, carriage return, backspace…), `DEL`, C1 (U+0080 to U+009F, which some
  /// terminals take as `ESC` sequences too) and the bidirectional overrides and isolates
  /// (U+202A to U+202E, U+2066 to U+2069), which reorder what a line shows. With `onOneLine`,
  /// line breaks and tabs are escaped too: for text that must stay within its line (a history
  /// entry, a message).
  public static func escaped(_ text: String, onOneLine: Bool = false) -> String {
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

  /// Whether `scalar` is a character a terminal could act on, or one that reorders the text
  /// around it: `isControlOrOverride`, but for line breaks and tabs, which text keeps.
  public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    scalar != "\n" && scalar != "\t" && isControlOrOverride(scalar)
  }

  /// The one list of what never reaches a terminal raw: C0 (line breaks and tabs included), `DEL`,
  /// C1 and the bidirectional overrides and isolates. The value printer escapes all of them in
  /// names and quoted strings; `escaped(_:onOneLine:)` all but line breaks and tabs.
  public static func isControlOrOverride(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
