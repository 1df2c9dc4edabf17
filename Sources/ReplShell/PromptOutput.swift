import CEditLine
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output that arrives while the line editor waits for a line (a line the web inspector ran, from
/// another thread): libedit is not thread-safe, so the text is handed to the thread that reads
/// the line, which a pipe wakes; there it is printed where the prompt was, and the prompt and
/// the half-typed line are drawn again below it. When no line is being read, it is written at once.
final class PromptOutput: Sendable {
  private struct State {
    var isReading = false
    var pending: [String] = []
    /// The prompt to draw from now on, when output handed over changed it.
    var prompt: String?
  }

  private let state = Mutex(State())
  /// The pipe that wakes the reading thread: its read end, then its write end.
  let wakeReader: Int32
  private let wakeWriter: Int32

  init() {
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
    }
    wakeReader = ends[0]
    wakeWriter = ends[1]
  }

  deinit {
    close(wakeReader)
    close(wakeWriter)
  }

  /// Prints `text` (lines ending in a line break): above the prompt while a line is read, at once
  /// otherwise. `prompt` (as the editor takes it) replaces the prompt drawn below, when the line
  /// that printed `text` changed it (`fork`, `use`).
  func write(_ text: String, prompt: String? = nil) {
    let written: Bool = state.withLock { state in
      guard state.isReading else {
        cel_write_output(text)
        return true
      }
      state.pending.append(text)
      if let prompt { state.prompt = prompt }
      return false
    }
    if !written {
      var byte: UInt8 = 1
      #if canImport(Glibc)
      _ = Glibc.write(wakeWriter, &byte, 1)
      #else
      _ = Darwin.write(wakeWriter, &byte, 1)
      #endif
    }
  }

  /// A line starts being read: output is handed to the reading thread from now on.
  func beginReading() {
    state.withLock { $0.isReading = true }
  }

  /// The line was read: what arrived meanwhile and was not printed yet is printed now, after it.
  func endReading() {
    state.withLock { state in
      state.isReading = false
      for text in state.pending { cel_write_output(text) }
      state.pending.removeAll()
      state.prompt = nil
    }
    drainWakeUps()
  }

  /// Takes what waits to be printed above the prompt, and the prompt to draw below it if it
  /// changed (on the reading thread, once woken).
  func takePending() -> (texts: [String], prompt: String?) {
    drainWakeUps()
    return state.withLock { state in
      defer {
        state.pending.removeAll()
        state.prompt = nil
      }
      return (state.pending, state.prompt)
    }
  }

  private func drainWakeUps() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(wakeReader, &bytes, bytes.count) > 0 {}
  }
}
