import Foundation
import ReplShellTransport
import Scenarios
import Synchronization

/// The one place the shell reads its terminal or standard input, on one thread of its own for the
/// process's life: while an inspector serves, or while a shell is attached to an app, the main
/// actor must stay free (to run the page's lines, or to end the shell when the app says goodbye)
/// while a blocking `read` waits for the user. The thread (`replshell.stdin`) takes the reads in
/// the order they are asked for — a line with libedit's `el_gets` or `readLine()`, handed back
/// as it is read; libedit's Tab callback runs on it meanwhile — and waits for the next. The MCP
/// server reads its input there too, for as long as the input lasts (`readOnItsOwnThread`, from
/// `StandardStreams`). Why a thread: `el_gets` and `read(2)` on a descriptor the process shares
/// with its parent block, and switching that descriptor to non-blocking mode would switch it for
/// the parent too.
enum StandardInputReader {
  /// A line at the prompt, read by `editor` on a thread of its own; the caller leaves the editor
  /// to that thread until the line is read.
  static func line(from unchecked: UncheckedEditor, prompt: String) async -> LineEditor.Input {
    await onItsOwnThread {
      readingThread.store(currentThread, ordering: .releasing)
      defer { readingThread.store(0, ordering: .releasing) }
      return unchecked.editor.readLine(prompt: prompt)
    }
  }

  /// A line of standard input when it is not a terminal, on a thread of its own; nil at its end.
  static func line() async -> String? {
    await onItsOwnThread { Swift.readLine(strippingNewline: true) }
  }

  /// Whether this is the thread an editor reads on now: libedit's callbacks (Tab) must then reach
  /// the main actor through its queue. (The main actor's jobs need not run on the main thread, so
  /// `Thread.isMainThread` cannot tell, and Linux threads inherit their creator's name.)
  static var isReadingThread: Bool {
    readingThread.load(ordering: .acquiring) == currentThread
  }

  /// The thread an editor reads on, as `pthread_self()`; 0 when none.
  private static let readingThread = Atomic<UInt>(0)

  /// This thread's `pthread_self()` as a number.
  private static var currentThread: UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
  }

  /// `read`'s result, read on a new thread while the caller suspends.
  private static func onItsOwnThread<Answer: Sendable>(_ read: @escaping @Sendable () -> Answer) async -> Answer {
    await withCheckedContinuation { continuation in
      readOnItsOwnThread { continuation.resume(returning: read()) }
    }
  }

  /// Runs `read`, which blocks reading the process's input (a line, or the MCP server's input to
  /// its end), on the reading thread `replshell.stdin` after the reads asked for before it,
  /// without waiting for it.
  static func readOnItsOwnThread(_ read: @escaping @Sendable () -> Void) {
    _ = readerStarted
    pendingReads.withLock { $0.append(read) }
    readAsked.signal()
  }

  /// The reads asked for and not yet started, in order.
  private static let pendingReads = Mutex<[@Sendable () -> Void]>([])
  /// Signalled once for each read put in `pendingReads`.
  private static let readAsked = DispatchSemaphore(value: 0)
  /// The reading thread, started by the first read asked for; it runs every read, one at a time.
  private static let readerStarted: Void = BlockingThread.start("replshell.stdin") {
    while true {
      readAsked.wait()
      let read = pendingReads.withLock { $0.removeFirst() }
      read()
    }
  }
}
