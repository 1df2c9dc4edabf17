import Foundation
import Scenarios

/// Sends output taller than the terminal through `$PAGER`, as psql and git do. Only the
/// interactive shell pages; scripts, pipes and goldens never do.
struct Pager {
  /// The shell command that pages (`less -FRX` unless `PAGER` says otherwise); nil when paging is off.
  let command: String?

  /// The pager `PAGER` names, `less -FRX` when it is unset, none when it is empty or `disabled`.
  init(disabled: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) {
    let command = environment["PAGER"] ?? "less -FRX"
    self.command = disabled || command.trimmingCharacters(in: .whitespaces).isEmpty ? nil : command
  }

  /// Writes `lines` through the pager when they are taller than the terminal, else straight to `output`.
  func show(_ lines: [OutputLine], on output: TerminalOutput) {
    guard let command, let rows = Self.terminalRows(), lines.count >= rows - 1 else {
      output.write(lines)
      return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let input = Pipe()
    process.standardInput = input
    do {
      try process.run()
    } catch {
      output.write(lines)
      return
    }
    let text = output.text(lines)
    // A pager the user quits early closes the pipe: the rest of the text is not wanted.
    signal(SIGPIPE, SIG_IGN)
    try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }

  /// The terminal's height, when standard output is one.
  private static func terminalRows() -> Int? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
    return Int(size.ws_row)
  }
}
