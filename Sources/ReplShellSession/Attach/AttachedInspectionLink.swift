// Linux only for now: Glibc's sockets, as the rest of the attachment.
#if canImport(Glibc)
import Foundation
import SessionProtocol
import StateValues
import Synchronization
import ReplShellTransport

/// An attached shell's inspector's own connection to the running app: a second socket, linked to
/// the shell's connection by the key that connection was given, over which the app relays the
/// shell's session events and its own actions (with their diffs) as they happen, and answers the
/// inspector's requests (a page of the state tree, a search, where the history is, a line to run)
/// by their number. The terminal's connection is left as it was: it still only ever answers.
public final class AttachedInspectionLink: Sendable {
  private struct Pending {
    var answers: [Int: CheckedContinuation<InspectionAnswer, Never>] = [:]
    var nextID = 1
    var isClosed = false
  }

  /// The events the app relays, in order; finishes when the connection ends.
  public let events: AsyncStream<RelayedEvent>
  /// `shelf@4711`.
  public let label: String
  private let socket: AttachSocket
  private let sending = Mutex(())
  private let pending = Mutex(Pending())

  /// Connects to the app at `path` and follows the shell connection that was given `key`.
  public static func open(path: String, key: String, label: String) throws(CommandError) -> AttachedInspectionLink {
    let socket = try AttachSocket.connectToOwnApp(at: path)
    let silence = "\(label) did not answer the inspector's connection"
    _ = try socket.greetApp(named: label, within: 10_000, silence: silence, answers: true)
    // The `done` of the session the app opens for every connection, then the answer to `follow`;
    // what the app sent instead of a message is said.
    let answer: AppMessage?
    do throws(AttachSocket.Failure) {
      if socket.isReadable(within: 10_000), case .done = try socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength),
        socket.send(ShellRequest.inspect(id: 0, .follow(key: key))), socket.isReadable(within: 10_000)
      {
        answer = try socket.receive(AppMessage.self, limit: AttachProtocol.maximumReplyLength)
      } else {
        answer = nil
      }
    } catch {
      socket.close()
      throw CommandError("\(label) did not let the inspector follow this shell: it sent \(error.summary)")
    }
    guard let followed = answer else {
      socket.close()
      throw CommandError("\(label) did not let the inspector follow this shell")
    }
    guard case .inspection(_, .following) = followed else {
      socket.close()
      if case .inspection(_, .failed(let reason)) = followed { throw CommandError("\(label) refused the inspector: \(reason)") }
      throw CommandError("\(label) refused the inspector: no reason given")
    }
    return AttachedInspectionLink(socket: socket, label: label)
  }

  private init(socket: AttachSocket, label: String) {
    self.socket = socket
    self.label = label
    let (events, continuation) = AsyncStream<RelayedEvent>.makeStream(bufferingPolicy: .unbounded)
    self.events = events
    socket.readEach(AppMessage.self, limit: AttachProtocol.maximumReplyLength, on: "replshell.inspection-link.read") { [self] message in
      route(message, into: continuation)
    }
  }

  /// Sends `call` and waits for the app's answer (`.failed` when the connection is gone).
  public func request(_ call: InspectionCall) async -> InspectionAnswer {
    await withCheckedContinuation { (continuation: CheckedContinuation<InspectionAnswer, Never>) in
      let id: Int? = pending.withLock { pending in
        guard !pending.isClosed else { return nil }
        let id = pending.nextID
        pending.nextID += 1
        pending.answers[id] = continuation
        return id
      }
      guard let id else {
        continuation.resume(returning: lost)
        return
      }
      let sent = sending.withLock { _ in socket.send(ShellRequest.inspect(id: id, call)) }
      if !sent, let waiting = pending.withLock({ $0.answers.removeValue(forKey: id) }) {
        waiting.resume(returning: lost)
      }
    }
  }

  /// Closes the connection; waiting requests are answered as failed.
  public func close() {
    socket.shutdown()
  }

  private var lost: InspectionAnswer {
    .failed("the connection to \(label) is gone")
  }

  /// Hands what the app sent to whoever waits for it; false (stop reading) at the end.
  private func route(_ received: Result<AppMessage, AttachSocket.Failure>, into events: AsyncStream<RelayedEvent>.Continuation) -> Bool {
    switch received {
    case .success(.inspection(let id, let answer)):
      pending.withLock { $0.answers.removeValue(forKey: id) }?.resume(returning: answer)
    case .success(.inspected(let relayed)):
      events.yield(relayed)
    case .success(.event(let event)):
      // A note the app's outbox adds (`tail dropped N actions here`), as any event.
      events.yield(RelayedEvent(event: event, entry: nil, moves: false, app: false))
    case .success(.hello), .success(.refused), .success(.done), .success(.completions):
      break
    case .success(.bye), .failure:
      end(events)
      return false
    }
    return true
  }

  /// The connection ended: the events finish, waiting requests are answered as failed.
  private func end(_ events: AsyncStream<RelayedEvent>.Continuation) {
    events.finish()
    let waiting = pending.withLock { pending in
      pending.isClosed = true
      defer { pending.answers.removeAll() }
      return Array(pending.answers.values)
    }
    for continuation in waiting { continuation.resume(returning: lost) }
    socket.close()
  }
}
#endif
