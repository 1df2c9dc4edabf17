import ReplShellFoundation

/// What the printer writes of text it did not make: a string's contents, a dictionary's key, a
/// field's label, a case's or a type's name. A value comes from the app, from a recording or from
/// a file, and a terminal acts on some characters instead of showing them, so every character
/// that `isEscaped` names is written as the escape a Swift literal reads back, `\u{1b}`.
extension ValuePrinter {
  /// Whether the printer writes `scalar` as an escape rather than as itself: the C0 controls
  /// (`ESC`, `BEL`, line breaks…), `DEL`, the C1 controls (U+0080 to U+009F, which some terminals
  /// take as `ESC` sequences), and the bidirectional overrides and isolates (U+202A to U+202E,
  /// U+2066 to U+2069), which make a terminal show the rest of the line in another order than it
  /// holds. The one list every printing site of the value layer escapes, JSON too.
  public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    ControlCharacters.isControlOrOverride(scalar)
  }

  /// A name as printed, a label, a case's or a type's name: itself, with every scalar that
  /// `isEscaped` written `\u{…}`. A name is written bare, so it has no quotes to escape.
  public static func escapedName(_ name: String) -> String {
    guard name.unicodeScalars.contains(where: isEscaped) else { return name }
    var output = ""
    for scalar in name.unicodeScalars {
      if isEscaped(scalar) {
        writeEscape(of: scalar, to: &output)
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  /// `text` as a Swift string literal: in quotes, with quotes, backslashes and every scalar that
  /// `isEscaped` written as escapes.
  static func writeQuoted(_ text: String, to output: inout String) {
    output += "\""
    // Most strings hold nothing to escape: appended whole rather than scalar by scalar.
    if text.utf8.allSatisfy({ isPlainASCII($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
      output += text
      output += "\""
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\0": output += "\\0"
      case _ where isEscaped(scalar): writeEscape(of: scalar, to: &output)
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

  /// The escape of one scalar as Swift writes it in a literal: `\u{1b}`.
  private static func writeEscape(of scalar: Unicode.Scalar, to output: inout String) {
    output += "\\u{"
    output += String(scalar.value, radix: 16)
    output += "}"
  }

  /// A printable ASCII byte, space to `~`: never escaped.
  private static func isPlainASCII(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x7F
  }
}
