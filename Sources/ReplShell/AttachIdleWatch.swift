// Linux only for now: Glibc's sockets (macOS would take Darwin's and `getpeereid`).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Scenarios

#if canImport(Glibc)
/// What an attached shell does when the app says goodbye, or the connection ends, while the shell
/// waits for the user's next line: the app says nothing unasked, so that is the end, and the shell
/// leaves at once (0 after a goodbye, 1 after a lost connection) with a message, the terminal
/// restored. The connection's reader (`AttachConnection`) notices; the shell ends on the main
/// actor, which the prompt leaves free (its line is read on a thread of its own).
struct AttachIdleWatch: Sendable {
  private let saved: SavedTerminal
  private let output: TerminalOutput

  /// Notes the terminal's settings now, before the line editor changes them; prints to `output`.
  init(output: TerminalOutput) {
    var terminal = termios()
    let hasTerminal = tcgetattr(STDIN_FILENO, &terminal) == 0
    saved = SavedTerminal(settings: hasTerminal ? terminal : nil)
    self.output = output
  }

  /// Ends the shell with `message` and `status`, on the main actor.
  func end(_ message: String, status: Int32) {
    let saved = self.saved
    let output = self.output
    Task { @MainActor in
      saved.restore()
      output.writeError("\n" + message)
      exit(status)
    }
  }
}

/// The terminal's settings before the line editor changed them, to put back on the way out.
private struct SavedTerminal: Sendable {
  let settings: termios?

  func restore() {
    guard var restored = settings else { return }
    tcsetattr(STDIN_FILENO, TCSANOW, &restored)
  }
}
#endif
