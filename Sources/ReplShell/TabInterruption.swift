#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets Ctrl-C stop a completion while libedit's Tab handler runs it. While a line is edited the
/// editor turns the terminal's ISIG off, so Ctrl-C is a key — one nobody reads while the handler
/// works. For the handler's length the terminal makes Ctrl-C a SIGINT again, caught in a turn of
/// `Interrupt`'s, which sets `Interrupt.received`; the
/// completion's budget looks at it as it counts its steps, and gives up. The editor's terminal
/// settings and the signal's previous handling are back afterwards, and the session goes on.
enum TabInterruption {
  /// Runs `work`, which is given what to ask whether Ctrl-C was pressed since it started.
  static func run<Answer>(_ work: (_ isInterrupted: @escaping @Sendable () -> Bool) -> Answer) -> Answer {
    var editing = termios()
    let hasTerminal = isatty(STDIN_FILENO) == 1 && tcgetattr(STDIN_FILENO, &editing) == 0
    // Cleared after the turn, once SIGINT is handled as before: the next Tab starts clean.
    defer { Interrupt.received.store(false, ordering: .relaxed) }
    return Interrupt.caught {
      if hasTerminal {
        var signalling = editing
        signalling.c_lflag |= tcflag_t(ISIG)
        // Ctrl-C alone signals: Ctrl-\ and Ctrl-Z would quit or stop the shell in the middle of a Tab.
        withUnsafeMutableBytes(of: &signalling.c_cc) { characters in
          characters[Int(VINTR)] = 3
          characters[Int(VQUIT)] = 0
          characters[Int(VSUSP)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &signalling)
      }
      defer { if hasTerminal { tcsetattr(STDIN_FILENO, TCSANOW, &editing) } }
      return work { Interrupt.received.load(ordering: .relaxed) }
    }
  }
}
