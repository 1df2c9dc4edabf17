// Linux only for now: Glibc's sockets (macOS would take Darwin's and `getpeereid`).
#if canImport(Glibc)
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Scenarios
import Synchronization

/// Watches an attached shell's socket while the shell waits for the user's next line: the app
/// says nothing unasked, so anything that arrives then is its goodbye or the connection's end,
/// and the shell leaves at once (0 after a goodbye, 1 after a lost connection) with a message,
/// the terminal restored. The watch only notices; the shell ends on the main actor, which the
/// prompt leaves free (its line is read on a thread of its own).
final class AttachIdleWatch: Sendable {
  private let isIdle = Mutex(false)

  /// Starts watching `socket`; `label` names the app in the message, printed to `output`.
  init(socket: AttachSocket, label: String, output: TerminalOutput) {
    var terminal = termios()
    let hasTerminal = tcgetattr(STDIN_FILENO, &terminal) == 0
    let saved = SavedTerminal(settings: hasTerminal ? terminal : nil)
    BlockingThread.start("replshell.attach.idle") { [self] in
      while true {
        guard socket.isReadable(within: 100) else { continue }
        let ending: (message: String, status: Int32)? = isIdle.withLock { idle in
          guard idle, socket.isReadable(within: 0) else { return nil }
          switch Result(catching: { () throws(AttachSocket.Failure) in try socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength) }) {
          case .success(.bye):
            return ("\(label) closed its attachment: detached", 0)
          case .success:
            return nil
          case .failure(let failure):
            return ("error: " + ControlCharacters.escaped(failure.shellMessage(app: label)), 1)
          }
        }
        guard let ending else {
          // Readable while the shell is busy: its own exchange reads it. Look again shortly.
          usleep(20_000)
          continue
        }
        Task { @MainActor in
          saved.restore()
          output.writeError("\n" + ending.message)
          exit(ending.status)
        }
        return
      }
    }
  }

  /// Marks the shell idle (waiting for a line) or busy (talking to the app).
  func setIdle(_ idle: Bool) {
    isIdle.withLock { $0 = idle }
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
