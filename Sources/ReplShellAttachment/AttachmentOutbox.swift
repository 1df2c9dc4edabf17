import Foundation
import ReplShellSession
import Synchronization

/// What one connection has yet to send, written by a thread of its own so that no one who hands
/// it a message ever waits for the shell to read. Replies to the shell's requests always queue;
/// tailed actions queue up to `tailLimit`, beyond which they are dropped and counted, and the
/// shell is told how many when there is room again.
final class AttachmentOutbox: Sendable {
  private struct Contents {
    var frames: [(bytes: [UInt8], isTail: Bool)] = []
    var queuedTails = 0
    var dropped = 0
    var isClosed = false
    var isFinishing = false
    var isStopped = false
    var stopWaiters: [CheckedContinuation<Void, Never>] = []
  }

  /// How many tailed actions may wait for a slow shell.
  static let tailLimit = 512
  private let contents = Mutex(Contents())
  /// Signalled when there is something to write or to stop for: the writer sleeps on it.
  private let ready = DispatchSemaphore(value: 0)
  /// Signalled once the writer has stopped, for `close()` of the app, which may not suspend.
  private let writerEnded = DispatchSemaphore(value: 0)
  private let socket: AttachSocket

  /// An outbox writing to `socket`; its writer thread starts at once and ends at `close()`. It
  /// runs at the app's own priority: it writes the replies to what the user typed.
  init(socket: AttachSocket) {
    self.socket = socket
    BlockingThread.start("replshell.attach.write") { [self] in write() }
  }

  /// The frame of `message`, encoded once; nil when it cannot be encoded, which the protocol's
  /// messages always can.
  static func frame(_ message: AppMessage) -> [UInt8]? {
    do {
      return try AttachFrame.bytes(of: message)
    } catch {
      return nil
    }
  }

  /// Queues a reply.
  func send(_ message: AppMessage) {
    guard let frame = Self.frame(message) else { return }
    guard contents.withLock({ contents in
      guard !contents.isClosed else { return false }
      contents.frames.append((frame, false))
      return true
    }) else { return }
    ready.signal()
  }

  /// Queues a tailed action, or drops it when the shell is `tailLimit` behind. Never waits.
  /// `droppedBefore` counts the app's actions just before it that were dropped before they
  /// reached this outbox (the app dispatched faster than their diffs could be computed).
  func sendTail(_ message: AppMessage, droppedBefore: Int = 0) {
    guard let frame = Self.frame(message) else { return }
    sendTail(frame: frame, droppedBefore: droppedBefore)
  }

  /// `sendTail(_:droppedBefore:)` of a frame already encoded, shared by the shells that tail.
  func sendTail(frame: [UInt8], droppedBefore: Int = 0) {
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
        if let noted = Self.frame(.event(note)) { contents.frames.append((noted, false)) }
        contents.dropped = 0
        count += 1
      }
      contents.frames.append((frame, true))
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

  /// Returns once the writer has stopped.
  func stopped() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isStopped = contents.withLock { contents in
        if !contents.isStopped { contents.stopWaiters.append(continuation) }
        return contents.isStopped
      }
      if isStopped { continuation.resume() }
    }
  }

  /// Waits until the writer has stopped, at most until `deadline`; true when it has. For the
  /// app's `close()`, which returns once its shells were sent their goodbyes.
  @discardableResult
  func waitUntilStopped(before deadline: DispatchTime) -> Bool {
    guard writerEnded.wait(timeout: deadline) == .success else { return false }
    writerEnded.signal()  // a latch: whoever waits next passes too
    return true
  }

  private enum Next {
    case frame([UInt8])
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
          return .frame(frame.bytes)
        }
        return contents.isFinishing ? .stop : .wait
      }
      switch next {
      case .frame(let bytes): if !socket.writeAll(bytes) { break loop }
      case .wait: continue
      case .stop: break loop
      }
    }
    let waiters = contents.withLock { contents in
      contents.isClosed = true
      contents.isStopped = true
      defer { contents.stopWaiters = [] }
      return contents.stopWaiters
    }
    socket.shutdown()
    writerEnded.signal()
    for waiter in waiters { waiter.resume() }
  }
}
