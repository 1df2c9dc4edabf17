// Linux only for now: Glibc's sockets, as the rest of the attachment.
#if canImport(Glibc)
import Foundation
import Synchronization

/// An attached shell's inspector's own connection to the running app: a second socket, linked to
/// the shell's connection by the key that connection was given, over which the app relays the
/// shell's session events and its own actions (with their diffs) as they happen, and answers the
/// inspector's requests (a page of the state tree, a search, where the history is, a line to run)
/// by their number. The terminal's connection is left as it was: it still only ever answers.
package final class AttachedInspectionLink: Sendable {
  /// One event the app relayed: `--format json`'s object, redacted and cut short by the app.
  package struct Relayed: Sendable {
    /// The event's JSON text.
    package let body: String
    /// The history entry it made, if any.
    package let entry: Int?
    /// Whether it may move the history or change the state.
    package let movesHistory: Bool
    /// Whether it is one of the app's own actions (not the shell's).
    package let isAppAction: Bool
  }

  private struct Pending {
    var replies: [Int: CheckedContinuation<[String: Any], Never>] = [:]
    var nextID = 1
    var isClosed = false
  }

  /// The events the app relays, in order; finishes when the connection ends.
  package let events: AsyncStream<Relayed>
  /// `shelf@4711`.
  package let label: String
  private let socket: AttachSocket
  private let sending = Mutex(())
  private let pending = Mutex(Pending())

  /// Connects to the app at `path` and follows the shell connection that was given `key`.
  package static func open(path: String, key: String, label: String) throws(CommandError) -> AttachedInspectionLink {
    let socket = try AttachSocket.connectToOwnApp(at: path)
    // The greeting, then the `done` of the session the app opens for every connection.
    for _ in 0..<2 {
      _ = try socket.receiveGreeting(within: 10_000, silence: "\(label) did not answer the inspector's connection")
    }
    guard socket.send(AttachSocket.json(["inspect": ["op": "follow", "key": key, "id": 0]])),
      socket.isReadable(within: 10_000), let followed = try? socket.receiveObject(limit: AttachSocket.maximumReplyLength)
    else {
      socket.close()
      throw CommandError("\(label) did not let the inspector follow this shell")
    }
    guard followed["event"] as? String == "following" else {
      socket.close()
      throw CommandError("\(label) refused the inspector: \(followed["message"] as? String ?? "no reason given")")
    }
    return AttachedInspectionLink(socket: socket, label: label)
  }

  private init(socket: AttachSocket, label: String) {
    self.socket = socket
    self.label = label
    let (events, continuation) = AsyncStream<Relayed>.makeStream(bufferingPolicy: .unbounded)
    self.events = events
    Thread.detachNewThread { [self] in read(into: continuation) }
  }

  /// Sends `op` with `fields` and waits for the app's reply (`{"event": "failed", …}` when the
  /// connection is gone).
  package func request(_ op: String, _ fields: [String: Any] = [:]) async -> [String: Any] {
    nonisolated(unsafe) let fields = fields
    let reply = await withCheckedContinuation { (continuation: CheckedContinuation<[String: Any], Never>) in
      let id: Int? = pending.withLock { pending in
        guard !pending.isClosed else { return nil }
        let id = pending.nextID
        pending.nextID += 1
        pending.replies[id] = continuation
        return id
      }
      guard let id else {
        continuation.resume(returning: Self.lost(label))
        return
      }
      var request = fields
      request["op"] = op
      request["id"] = id
      let sent = sending.withLock { _ in socket.send(AttachSocket.json(["inspect": request])) }
      if !sent, let waiting = pending.withLock({ $0.replies.removeValue(forKey: id) }) {
        waiting.resume(returning: Self.lost(label))
      }
    }
    nonisolated(unsafe) let answered = reply
    return answered
  }

  /// Closes the connection; waiting requests are answered as failed.
  package func close() {
    socket.shutdown()
  }

  private static func lost(_ label: String) -> [String: Any] {
    ["event": "failed", "message": "the connection to \(label) is gone"]
  }

  private func read(into events: AsyncStream<Relayed>.Continuation) {
    while true {
      let object: [String: Any]
      do throws(AttachSocket.Failure) {
        object = try socket.receiveObject(limit: AttachSocket.maximumReplyLength)
      } catch {
        break
      }
      if let id = object["id"] as? Int, let waiting = pending.withLock({ $0.replies.removeValue(forKey: id) }) {
        nonisolated(unsafe) let reply = object
        waiting.resume(returning: reply)
        continue
      }
      switch object["event"] as? String {
      case "inspected":
        guard let body = object["json"] as? String else { continue }
        events.yield(
          Relayed(
            body: body, entry: object["entry"] as? Int, movesHistory: object["moves"] as? Bool ?? false,
            isAppAction: object["app"] as? Bool ?? false))
      case "bye":
        break
      default:
        // A note the app's outbox adds (`tail dropped N actions here`), as any event.
        if let event = SessionEventJSON.event(from: object) {
          events.yield(Relayed(body: SessionEventJSON.line(for: event), entry: nil, movesHistory: false, isAppAction: false))
        }
      }
    }
    events.finish()
    let waiting = pending.withLock { pending in
      pending.isClosed = true
      defer { pending.replies.removeAll() }
      return Array(pending.replies.values)
    }
    for continuation in waiting { continuation.resume(returning: Self.lost(label)) }
    socket.close()
  }
}
#endif
