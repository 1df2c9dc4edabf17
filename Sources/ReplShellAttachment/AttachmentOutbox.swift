import Foundation
import Scenarios
import Synchronization

/// What one connection has yet to send, written by a thread of its own (of the lowest priority)
/// so that no one who hands it a frame ever waits for the shell to read. Replies to the shell's requests always queue;
/// tailed actions queue up to `tailLimit`, beyond which they are dropped and counted, and the
/// shell is told how many when there is room again.
final class AttachmentOutbox: Sendable {
  private struct Contents {
    var frames: [(text: String, isTail: Bool)] = []
    var queuedTails = 0
    var dropped = 0
    var isClosed = false
    var isFinishing = false
  }

  /// How many tailed actions may wait for a slow shell.
  static let tailLimit = 512
  private let contents = Mutex(Contents())
  private let ready = DispatchSemaphore(value: 0)
  private let writerEnded = DispatchSemaphore(value: 0)
  private let socket: AttachSocket

  /// An outbox writing to `socket`; its writer thread starts at once and ends at `close()`.
  init(socket: AttachSocket) {
    self.socket = socket
    Thread.detachNewThread { [self] in
      BackgroundPriority.lowerCurrentThread()
      write()
    }
  }

  /// Queues a reply.
  func send(_ text: String) {
    guard contents.withLock({ contents in
      guard !contents.isClosed else { return false }
      contents.frames.append((text, false))
      return true
    }) else { return }
    ready.signal()
  }

  /// Queues a tailed action, or drops it when the shell is `tailLimit` behind. Never waits.
  /// `droppedBefore` counts the app's actions just before it that were dropped before they
  /// reached this outbox (the app dispatched faster than their diffs could be computed).
  func sendTail(_ text: String, droppedBefore: Int = 0) {
    let queued = contents.withLock { contents -> Int in
      guard !contents.isClosed else { return 0 }
      contents.dropped += droppedBefore
      guard contents.queuedTails < Self.tailLimit else {
        contents.dropped += 1
        return 0
      }
      var count = 1
      if contents.dropped > 0 {
        let note = SessionEvent.note(
          "tail dropped \(contents.dropped) action\(contents.dropped == 1 ? "" : "s") here: the app dispatched faster than this shell could follow (the app never waits for it)")
        contents.frames.append((SessionEventJSON.line(for: note), false))
        contents.dropped = 0
        count += 1
      }
      contents.frames.append((text, true))
      contents.queuedTails += 1
      return count
    }
    if queued > 0 { ready.signal() }
  }

  /// Stops writing at once; what is still queued is dropped.
  func close() {
    contents.withLock { $0.isClosed = true }
    ready.signal()
  }

  /// Sends what is queued, then stops.
  func finish() {
    contents.withLock { $0.isFinishing = true }
    ready.signal()
  }

  /// Waits until the writer has stopped, at most until `deadline`; true when it has. The socket
  /// is then shut down for both directions. Any number of callers may wait.
  @discardableResult
  func waitUntilStopped(before deadline: DispatchTime = .distantFuture) -> Bool {
    guard writerEnded.wait(timeout: deadline) == .success else { return false }
    writerEnded.signal()  // a latch: whoever waits next passes too
    return true
  }

  private enum Next {
    case frame(String)
    case wait
    case stop
  }

  private func write() {
    loop: while true {
      ready.wait()
      let next = contents.withLock { contents -> Next in
        if contents.isClosed { return .stop }
        if !contents.frames.isEmpty {
          let frame = contents.frames.removeFirst()
          if frame.isTail { contents.queuedTails -= 1 }
          if !contents.frames.isEmpty { ready.signal() }
          return .frame(frame.text)
        }
        return contents.isFinishing ? .stop : .wait
      }
      switch next {
      case .frame(let text): if !socket.send(text) { break loop }
      case .wait: continue
      case .stop: break loop
      }
    }
    contents.withLock { $0.isClosed = true }
    socket.shutdown()
    writerEnded.signal()
  }
}
