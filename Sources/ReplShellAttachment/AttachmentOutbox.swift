import Foundation
import ReplShellSession

/// What one connection has yet to send, written by a thread of its own so that no one who hands
/// it a message ever waits for the shell to read. Replies to the shell's requests always queue;
/// tailed actions queue up to `tailLimit`, beyond which they are dropped and counted, and the
/// shell is told how many when there is room again.
final class AttachmentOutbox: @unchecked Sendable {
  // @unchecked: `contents` is read and written only with `condition` locked.
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
  private var contents = Contents()
  /// Guards `contents`; broadcast when there is something to write or to stop for (the writer
  /// waits on it), and once the writer has stopped (the app's `close()`, which may not suspend,
  /// waits on it).
  private let condition = NSCondition()
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
    changing { contents in
      guard !contents.isClosed else { return }
      contents.frames.append((frame, false))
    }
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
    changing { contents in
      guard !contents.isClosed else { return }
      contents.dropped += droppedBefore
      guard contents.queuedTails < Self.tailLimit else {
        contents.dropped += 1
        return
      }
      if contents.dropped > 0 {
        let note = SessionEvent.note(
          "tail dropped \(contents.dropped) action\(contents.dropped == 1 ? "" : "s") here: the app dispatched faster than this shell could follow (the app never waits for it)")
        if let noted = Self.frame(.event(note)) { contents.frames.append((noted, false)) }
        contents.dropped = 0
      }
      contents.frames.append((frame, true))
      contents.queuedTails += 1
    }
  }

  /// Stops writing at once; what is still queued is dropped.
  func close() {
    changing { $0.isClosed = true }
  }

  /// Sends what is queued, then stops.
  func finish() {
    changing { $0.isFinishing = true }
  }

  /// Returns once the writer has stopped.
  func stopped() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isStopped = changing { contents in
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
    let now = DispatchTime.now().uptimeNanoseconds
    let until = Date(timeIntervalSinceNow: deadline.uptimeNanoseconds > now ? Double(deadline.uptimeNanoseconds - now) / 1e9 : 0)
    condition.lock()
    defer { condition.unlock() }
    while !contents.isStopped {
      guard condition.wait(until: until) else { return contents.isStopped }
    }
    return true
  }

  /// Runs `change` on the contents with the lock held, and wakes whoever waits on them.
  private func changing<Result>(_ change: (inout Contents) -> Result) -> Result {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    return change(&contents)
  }

  private enum Next {
    case frame([UInt8])
    case stop
  }

  private func write() {
    loop: while true {
      condition.lock()
      while !contents.isClosed && contents.frames.isEmpty && !contents.isFinishing { condition.wait() }
      let next: Next
      if contents.isClosed || contents.frames.isEmpty {
        next = .stop
      } else {
        let frame = contents.frames.removeFirst()
        if frame.isTail { contents.queuedTails -= 1 }
        next = .frame(frame.bytes)
      }
      condition.unlock()
      switch next {
      case .frame(let bytes): if !socket.writeAll(bytes) { break loop }
      case .stop: break loop
      }
    }
    socket.shutdown()
    let waiters = changing { contents in
      contents.isClosed = true
      contents.isStopped = true
      defer { contents.stopWaiters = [] }
      return contents.stopWaiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
