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
/// the terminal restored.
final class AttachIdleWatch: Sendable {
  private let isIdle = Mutex(false)

  /// Starts watching `socket`; `label` names the app in the message.
  init(socket: AttachSocket, label: String) {
    var terminal = termios()
    let hasTerminal = tcgetattr(STDIN_FILENO, &terminal) == 0
    nonisolated(unsafe) let saved = terminal
    Thread.detachNewThread { [self] in
      while true {
        guard socket.isReadable(within: 100) else { continue }
        let ending: (message: String, status: Int32)? = isIdle.withLock { idle in
          guard idle, socket.isReadable(within: 0) else { return nil }
          switch Result(catching: { () throws(AttachSocket.Failure) in try socket.receiveObject(limit: AttachSocket.maximumReplyLength) }) {
          case .success(let object) where object["event"] as? String == "bye":
            return ("\(label) closed its attachment: detached", 0)
          case .success:
            return nil
          case .failure:
            return ("error: lost the connection to \(label): the app exited or was killed", 1)
          }
        }
        guard let ending else {
          usleep(20_000)
          continue
        }
        if hasTerminal {
          var restored = saved
          tcsetattr(STDIN_FILENO, TCSANOW, &restored)
        }
        FileHandle.standardError.write(Data("\n\(ending.message)\n".utf8))
        exit(ending.status)
      }
    }
  }

  /// Marks the shell idle (waiting for a line) or busy (talking to the app).
  func setIdle(_ idle: Bool) {
    isIdle.withLock { $0 = idle }
  }
}
#endif
