import Foundation
import Scenarios
import StateValues

/// Writes output lines to standard output, colored by kind only on a terminal without `NO_COLOR`.
struct TerminalOutput {
  let colors: Bool
  /// Whether standard output is a terminal, whose width lines that ask for it are wrapped to.
  let isTerminal: Bool

  init(colors: Bool) {
    let environment = ProcessInfo.processInfo.environment
    let isTerminal = isatty(STDOUT_FILENO) == 1
    self.colors = colors && isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    self.isTerminal = isTerminal
  }

  func write(_ lines: [OutputLine]) {
    FileHandle.standardOutput.write(Data(text(lines).utf8))
  }

  /// The lines as written, colored when this output colors, each ending in a newline.
  func text(_ lines: [OutputLine]) -> String {
    var text = ""
    for line in lines {
      for part in wrapped(line) {
        text += colored(part) + "\n"
      }
    }
    return text
  }

  /// A line that asks to be wrapped, in as many lines as the terminal's width needs.
  private func wrapped(_ line: OutputLine) -> [OutputLine] {
    guard let indent = line.hangingIndent, isTerminal else { return [line] }
    return TerminalText.wrap(line.text, hangingIndent: indent, width: TerminalText.columns()).map { OutputLine(line.kind, $0) }
  }

  func write(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  func writeError(_ text: String) {
    let styled = colors ? "\u{1B}[31m" + text + "\u{1B}[0m" : text
    FileHandle.standardError.write(Data((styled + "\n").utf8))
  }

  private func colored(_ line: OutputLine) -> String {
    guard colors else { return line.text }
    switch line.kind {
    case .removed, .error: return "\u{1B}[31m" + line.text + "\u{1B}[0m"
    case .added: return "\u{1B}[32m" + line.text + "\u{1B}[0m"
    case .note, .log: return "\u{1B}[2m" + line.text + "\u{1B}[0m"
    case .echo: return "\u{1B}[1m" + line.text + "\u{1B}[0m"
    case .plain: return line.text
    }
  }
}

extension TerminalOutput {
  /// Writes `text` with no line break after it, for a question that waits for a key.
  func writePrompt(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// A unified diff as output lines, so that a terminal colors its removed and added lines.
  static func diffLines(_ diff: String) -> [OutputLine] {
    diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
      let isHeader = line.hasPrefix("---") || line.hasPrefix("+++")
      let kind: OutputLine.Kind = isHeader ? .note : line.hasPrefix("-") ? .removed : line.hasPrefix("+") ? .added : .plain
      return OutputLine(kind, String(line))
    }
  }
}
