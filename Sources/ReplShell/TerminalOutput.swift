import Foundation
import Scenarios

/// Writes output lines to standard output, colored by kind only on a terminal without `NO_COLOR`.
struct TerminalOutput {
  let colors: Bool

  init(colors: Bool) {
    let environment = ProcessInfo.processInfo.environment
    self.colors = colors && isatty(STDOUT_FILENO) == 1 && (environment["NO_COLOR"] ?? "").isEmpty
      && environment["TERM"] != "dumb"
  }

  func write(_ lines: [OutputLine]) {
    FileHandle.standardOutput.write(Data(text(lines).utf8))
  }

  /// The lines as written, colored when this output colors, each ending in a newline.
  func text(_ lines: [OutputLine]) -> String {
    var text = ""
    for line in lines {
      text += colored(line) + "\n"
    }
    return text
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
