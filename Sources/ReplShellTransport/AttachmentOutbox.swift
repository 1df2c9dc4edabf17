#if canImport(Glibc)
import Glibc
import SessionProtocol
#endif
import Dispatch
import Foundation
import Synchronization

/// What one connection has yet to send, written without a thread of its own and without ever
/// making whoever hands it a message wait for the shell to read. Replies to the shell's requests
/// always queue; tailed actions queue up to `tailLimit`, beyond which they are dropped and
/// counted, and the shell is told how many when there is room again.
///
/// Writing: a reply to a request (`reply(_:)`) goes in one send on the caller's thread when
/// nothing waits before it. Anything else, and what the kernel did not take, schedules a drain on
/// the outbox's serial queue (`replshell.attach.write`), which sends with `MSG_DONTWAIT` — the socket itself stays blocking,
/// as its reader (`AttachSocket.readEach`) expects — until the queue is empty or the kernel's
/// buffer is full. Then a dispatch write source waits for the shell to read, and the drain goes
/// on from there: a shell that does not read holds neither a thread nor the app.
public final class AttachmentOutbox: Sendable {
  private struct Contents {
    var frames: [(bytes: [UInt8], isTail: Bool)] = []
    /// The bytes of the frames queued that are not tailed actions (replies, greetings, notes).
    var queuedReplyBytes = 0
    /// How many bytes of replies waited unread when they passed `replyByteLimit`; then nothing
    /// more is queued and writing stops.
    var overflow: Int?
    /// How many bytes of the first frame the kernel took already.
    var written = 0
    var queuedTails = 0
    var dropped = 0
    var isClosed = false
    var isFinishing = false
    /// A drain is scheduled or runs on `queue`, or waits on `writable` for room.
    var isDraining = false
    var isStopped = false
    var stopWaiters: [CheckedContinuation<Void, Never>] = []
  }

  /// How many tailed actions may wait for a slow shell.
  public static let tailLimit = 512
  /// How many bytes of replies may wait for a shell that does not read them: 8 MiB. Past it the
  /// shell is closed (`overflow`), so that one that pipelines requests and reads nothing cannot
  /// grow the app's memory.
  public static let replyByteLimit = 8 << 20

  /// How many bytes of replies waited unread when the outbox passed `replyByteLimit` and
  /// stopped; nil while it has not.
  public var overflow: Int? {
    locked { $0.overflow }
  }
  private let contents = Mutex(Contents())
  /// Where the app's `close()`, which may not suspend, waits for writing to stop
  /// (`waitUntilStopped(before:)`): it checks `contents` with this lock held, and the change that
  /// stops writing broadcasts with it held, so that no wake-up falls between the check and the wait.
  private let stoppedSignal = NSCondition()
  private let socket: AttachSocket
  /// Where the drains run, one at a time.
  private let queue = DispatchQueue(label: "replshell.attach.write")
  /// The drains' own state, used on `queue` only (behind a lock all the same, which is never
  /// contended): the write source and whether it is resumed, and whether writing has stopped.
  private let room = Mutex(Room())

  private struct Room {
    /// Fires when the socket takes bytes again after a send would have blocked; made the first
    /// time one would, suspended (`isArmed` false) while there is room. Once made, it is
    /// cancelled when writing stops, and only its cancel handler says so: the socket is closed
    /// after that, never under a source that watches it. It holds the outbox until then.
    var writable: (any DispatchSourceWrite)?
    var isArmed = false
    /// Whether `stop()` ran already (on `queue`): drains scheduled after it do nothing.
    var hasStopped = false
  }

  /// An outbox writing to `socket`, from now until `close()` or `finish()`. Its drains run at the
  /// app's own priority: they write the replies to what the user typed.
  public init(socket: AttachSocket) {
    self.socket = socket
  }

  /// The frame of `message`, encoded once; nil when it cannot be encoded, which the protocol's
  /// messages always can.
  public static func frame(_ message: AppMessage) -> [UInt8]? {
    do {
      return try AttachFrame.bytes(of: message)
    } catch {
      return nil
    }
  }

  /// Queues a message: the greeting, a refusal, what an inspector relays.
  public func send(_ message: AppMessage) {
    guard let frame = Self.frame(message) else { return }
    changing { contents in
      guard !contents.isClosed else { return }
      Self.queueReply([frame], in: &contents)
    }
  }

  /// Queues the frames of a reply, or, when they would leave more than `replyByteLimit` bytes of
  /// replies unread, drops everything queued and closes: a shell that does not read is let go.
  private static func queueReply(_ frames: [[UInt8]], in contents: inout Contents) {
    let count = frames.reduce(0) { $0 + $1.count }
    guard contents.queuedReplyBytes + count <= replyByteLimit else {
      contents.overflow = contents.queuedReplyBytes + count
      contents.frames = []
      contents.queuedReplyBytes = 0
      contents.isClosed = true
      return
    }
    contents.frames.append(contentsOf: frames.map { ($0, false) })
    contents.queuedReplyBytes += count
  }

  /// Sends the messages of one reply to a request the shell waits on, together: at once, on the
  /// caller's thread, when nothing waits to be sent before them and they fit one send; otherwise
  /// (and whatever the kernel did not take at once) queued, for a drain. Never waits: the send is
  /// `MSG_DONTWAIT`, so a shell that does not read costs the caller a system call that says so.
  /// Sent at once, a reply costs no wake-up of the drain's thread between the app and the shell.
  public func reply(_ messages: [AppMessage]) {
    let frames = messages.compactMap(Self.frame)
    guard !frames.isEmpty else { return }
    changing { contents in
      guard !contents.isClosed else { return }
      let isIdle = contents.frames.isEmpty && !contents.isDraining && !contents.isFinishing && !contents.isStopped
      Self.queueReply(frames, in: &contents)
      guard !contents.isClosed else { return }
      let count = frames.reduce(0) { $0 + $1.count }
      guard isIdle, count <= Self.sendLimit else { return }
      // Idle, the queue holds just these frames, and they fit one send.
      let sent = sendNow(Self.pending(in: contents))
      // What the kernel did not take, or an error (a shell gone), is the drain's.
      if sent > 0 { Self.remove(sent, from: &contents) }
    }
  }

  /// Queues a tailed action, or drops it when the shell is `tailLimit` behind. Never waits.
  /// `droppedBefore` counts the app's actions just before it that were dropped before they
  /// reached this outbox (the app dispatched faster than their diffs could be computed).
  public func sendTail(_ message: AppMessage, droppedBefore: Int = 0) {
    guard let frame = Self.frame(message) else { return }
    sendTail(frame: frame, droppedBefore: droppedBefore)
  }

  /// `sendTail(_:droppedBefore:)` of a frame already encoded, shared by the shells that tail.
  public func sendTail(frame: [UInt8], droppedBefore: Int = 0) {
    changing { contents in
      guard !contents.isClosed else { return }
      contents.dropped += droppedBefore
      guard contents.queuedTails < Self.tailLimit else {
        contents.dropped += 1
        return
      }
      Self.noteDropped(in: &contents)
      contents.frames.append((frame, true))
      contents.queuedTails += 1
    }
  }

  /// Counts `count` of the app's actions dropped before they reached this outbox, with no
  /// action after them (the app dispatched nothing since): the shell is told now, or, when
  /// `tailLimit` tailed actions wait, as soon as there is room again. Never waits.
  public func tellDropped(_ count: Int) {
    changing { contents in
      guard !contents.isClosed else { return }
      contents.dropped += count
      guard contents.queuedTails < Self.tailLimit else { return }
      Self.noteDropped(in: &contents)
    }
  }

  /// Queues the note of the actions dropped since the last one told, if any: "tail dropped N
  /// actions here", in the place they would have been.
  private static func noteDropped(in contents: inout Contents) {
    guard contents.dropped > 0 else { return }
    let note = SessionEvent.note(
      "tail dropped \(contents.dropped) action\(contents.dropped == 1 ? "" : "s") here: the app dispatched faster than this shell could follow (the app never waits for it)")
    if let noted = frame(.event(note)) {
      contents.frames.append((noted, false))
      contents.queuedReplyBytes += noted.count
    }
    contents.dropped = 0
  }

  /// Stops writing at once; what is still queued is dropped.
  public func close() {
    changing { $0.isClosed = true }
  }

  /// Sends what is queued, then stops.
  public func finish() {
    changing { $0.isFinishing = true }
  }

  /// Returns once writing has stopped.
  public func stopped() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isStopped = locked { contents in
        if !contents.isStopped { contents.stopWaiters.append(continuation) }
        return contents.isStopped
      }
      if isStopped { continuation.resume() }
    }
  }

  /// Waits until writing has stopped, at most until `deadline`; true when it has. For the app's
  /// `close()`, which returns once its shells were sent their goodbyes.
  @discardableResult
  public func waitUntilStopped(before deadline: DispatchTime) -> Bool {
    let now = DispatchTime.now().uptimeNanoseconds
    let until = Date(timeIntervalSinceNow: deadline.uptimeNanoseconds > now ? Double(deadline.uptimeNanoseconds - now) / 1e9 : 0)
    stoppedSignal.lock()
    defer { stoppedSignal.unlock() }
    while !locked({ $0.isStopped }) {
      guard stoppedSignal.wait(until: until) else { return locked { $0.isStopped } }
    }
    return true
  }

  /// Runs `change` on the contents with the lock held, wakes whoever waits on them, and
  /// schedules a drain when there is something to write or to stop for and none is on its way —
  /// or, once closed, at once: a drain that waits for a shell to make room stops then.
  private func changing<Result>(_ change: (inout Contents) -> Result) -> Result {
    let (result, drains) = locked { contents in
      let result = change(&contents)
      guard !contents.isStopped else { return (result, false) }
      guard !contents.isDraining || contents.isClosed else { return (result, false) }
      guard !contents.frames.isEmpty || contents.isClosed || contents.isFinishing else { return (result, false) }
      contents.isDraining = true
      return (result, true)
    }
    if drains { queue.async { [self] in drain() } }
    return result
  }

  /// Runs `body` on the contents with the lock held. Only `waitUntilStopped(before:)` waits, on
  /// `stoppedSignal`, for `isStopped`, so the signal is broadcast only when that becomes true (not
  /// on every change, which cost the tap's reader a broadcast for every frame it queued).
  private func locked<Result>(_ body: (inout Contents) -> Result) -> Result {
    let (result, stops) = contents.withLock { contents in
      let wasStopped = contents.isStopped
      let result = body(&contents)
      return (result, contents.isStopped && !wasStopped)
    }
    if stops {
      stoppedSignal.lock()
      stoppedSignal.broadcast()
      stoppedSignal.unlock()
    }
    return result
  }

  /// At most this many bytes go to the kernel in one send: every frame queued, up to it.
  static let sendLimit = 64 * 1024

  private enum Next {
    case bytes([UInt8])
    case idle
    case stop
  }

  /// Sends what is queued, on `queue`, until it is empty (then the next message schedules another
  /// drain), the socket is full (then `writable` resumes it), or writing ends.
  private func drain() {
    while true {
      let next = locked { contents -> Next in
        if contents.isClosed { return .stop }
        guard contents.frames.isEmpty else { return .bytes(Self.pending(in: contents)) }
        if contents.isFinishing { return .stop }
        contents.isDraining = false
        return .idle
      }
      let bytes: [UInt8]
      switch next {
      case .idle: return
      case .stop:
        stop()
        return
      case .bytes(let waiting): bytes = waiting
      }
      let sent = sendNow(bytes)
      if sent > 0 {
        locked { Self.remove(sent, from: &$0) }
        continue
      }
      switch sent < 0 ? errno : 0 {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        // The shell has not read what it was sent: wait for room, holding no thread.
        waitForRoom()
        return
      default:
        // The shell is gone.
        stop()
        return
      }
    }
  }

  /// What the next send takes: every frame queued goes in one send (up to `sendLimit` bytes; the
  /// first one, from `written` on, whatever its size), not one send each — a reply's `command`,
  /// `output` and `done`, or a burst of tailed actions, cost the shell one wake-up instead of one
  /// per frame. Empty when nothing is queued.
  private static func pending(in contents: Contents) -> [UInt8] {
    guard let first = contents.frames.first else { return [] }
    // One frame, whole (a reply sent at once, most often): its own bytes, not a copy of them.
    if contents.frames.count == 1, contents.written == 0 { return first.bytes }
    var bytes = Array(first.bytes[contents.written...])
    for frame in contents.frames.dropFirst() {
      guard bytes.count + frame.bytes.count <= sendLimit else { break }
      bytes += frame.bytes
    }
    return bytes
  }

  /// One send of `bytes` that never waits (`MSG_DONTWAIT`; no `SIGPIPE` for a shell gone): how
  /// many bytes the kernel took, or -1 with `errno` set.
  private func sendNow(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBytes { Glibc.send(socket.descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
  }

  /// Takes the `sent` bytes the kernel took off the front of the queue: the frames it took whole
  /// leave it, `written` keeps what it took of the next one.
  private static func remove(_ sent: Int, from contents: inout Contents) {
    var taken = contents.written + sent
    var whole = 0
    var tails = 0
    for frame in contents.frames {
      guard taken >= frame.bytes.count else { break }
      taken -= frame.bytes.count
      whole += 1
      if frame.isTail { tails += 1 } else { contents.queuedReplyBytes -= frame.bytes.count }
    }
    contents.written = taken
    contents.frames.removeFirst(whole)
    guard tails > 0 else { return }
    contents.queuedTails -= tails
    // Room again: what was dropped meanwhile is told now, not only with the next action the app
    // dispatches (the last one dropped may have no next).
    noteDropped(in: &contents)
  }

  /// Resumes the drain, on `queue`, once the socket takes bytes again.
  private func waitForRoom() {
    room.withLock { room in
      let source: any DispatchSourceWrite
      if let writable = room.writable {
        source = writable
      } else {
        source = DispatchSource.makeWriteSource(fileDescriptor: socket.descriptor, queue: queue)
        source.setEventHandler { [self] in
          self.room.withLock { room in
            room.writable?.suspend()
            room.isArmed = false
          }
          drain()
        }
        source.setCancelHandler { [self] in markStopped() }
        room.writable = source
      }
      guard !room.isArmed else { return }
      room.isArmed = true
      source.resume()
    }
  }

  /// Ends writing, on `queue`: the socket is shut down (the app's reader of the shell's requests
  /// wakes to its end), and `writable`, when made, cancelled: its cancel handler says writing has
  /// stopped, else this does.
  private func stop() {
    room.withLock { room in
      guard !room.hasStopped else { return }
      room.hasStopped = true
      locked { $0.isClosed = true }
      socket.shutdown()
      guard let writable = room.writable else {
        markStopped()
        return
      }
      writable.cancel()
      // A cancelled source calls its cancel handler only once resumed.
      if !room.isArmed {
        room.isArmed = true
        writable.resume()
      }
    }
  }

  /// Writing has stopped: `stopped()` and `waitUntilStopped(before:)` return.
  private func markStopped() {
    let waiters = locked { contents in
      contents.isStopped = true
      defer { contents.stopWaiters = [] }
      return contents.stopWaiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
