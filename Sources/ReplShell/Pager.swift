import Foundation
import Scenarios
import StateValues

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
    guard let command, let rows = Self.terminalRows(), output.text(lines).count(where: { $0 == "\n" }) >= rows - 1 else {
      output.write(lines)
      return
    }
    // popen keeps the pager in the shell's session and process group, so it can read the keyboard
    // (less started through Foundation's Process exited at once, unable to read the keyboard).
    guard let pipe = popen(command, "w") else {
      output.write(lines)
      return
    }
    // A pager quit early closes the pipe: the rest is not wanted. Ctrl-C belongs to the pager.
    signal(SIGPIPE, SIG_IGN)
    Interrupt.ignored {
      fputs(output.text(lines), pipe)
      pclose(pipe)
    }
  }

  /// The terminal's height, when standard output is one.
  private static func terminalRows() -> Int? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
    return Int(size.ws_row)
  }
}
