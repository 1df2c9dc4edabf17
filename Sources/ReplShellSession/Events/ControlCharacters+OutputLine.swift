import ReplShellFoundation
import StateValues

extension ControlCharacters {
  /// The lines with their texts escaped, their kinds and indents kept.
  public static func escaped(_ lines: [OutputLine]) -> [OutputLine] {
    lines.map { line in
      guard line.text.unicodeScalars.contains(where: isEscaped) else { return line }
      return OutputLine(line.kind, escaped(line.text), hangingIndent: line.hangingIndent)
    }
  }
}
