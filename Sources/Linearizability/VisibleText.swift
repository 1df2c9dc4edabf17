/// Text from a history (keys, values, `:f` names, the file's name) made safe to print: a
/// terminal acts on control characters, so a crafted history could retitle the window, colour
/// it or hide lines. Every text this module renders (verdicts, witnesses, errors, pages) goes
/// through `escaped`, which writes them as the shell does elsewhere: `ESC` as `\u{1B}`, a bell as
/// `\u{7}`, a line break as `\n`.
enum VisibleText {
  /// `text` with every C0 control character, `DEL` and C1 control (U+0080 to U+009F, which some
  /// terminals take as `ESC` sequences) written as an escape; line breaks and tabs too, since
  /// each rendered line must stay one line. Escaping escaped text changes nothing.
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isEscaped) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result.append(contentsOf: #"\n"#.unicodeScalars)
      case "\t": result.append(contentsOf: #"\t"#.unicodeScalars)
      case "\r": result.append(contentsOf: #"\r"#.unicodeScalars)
      case _ where isEscaped(scalar):
        result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      default: result.append(scalar)
      }
    }
    return String(result)
  }

  /// Whether `scalar` is a control character a terminal could act on.
  static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    default: false
    }
  }
}
