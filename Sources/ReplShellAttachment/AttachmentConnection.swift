import Foundation
import Logging
import Scenarios
import Synchronization

/// One attached shell: a reader thread for its requests, a `Shell` of its own on the main actor
/// over the app's live store, and an outbox that writes replies and tailed actions without ever
/// making the app wait.
final class AttachmentConnection: Sendable {
  /// What `tail` lets through, read by the tap's thread.
  struct TailFilter: Sendable {
    var only: String?
    var hidden: HiddenActions
    /// The shell's redactions, applied to every tailed action as to what its own lines print;
    /// nil when it redacts nothing, and the encoded action is shared with the other shells.
    var redact: (@Sendable (SessionEvent) -> SessionEvent)?

    func admits(_ dispatch: TappedDispatch) -> Bool {
      if let only, !dispatch.text.hasPrefix(only) { return false }
      if let path = dispatch.path, hidden.hides(path) { return false }
      return true
    }
  }

  let socket: AttachSocket
  let outbox: AttachmentOutbox
  /// The filter while the shell tails, nil otherwise.
  let tail = Mutex<TailFilter?>(nil)
  /// What refreshes the shell's watches on the main actor when the app dispatches, while it
  /// watches; and whether a refresh is already on its way (they coalesce).
  let watching = Mutex<(refresh: (@Sendable () -> Void)?, isScheduled: Bool)>((nil, false))
  let attachment: ReplShellAttachment
  /// What this connection relays while it is an inspector following a shell.
  let inspection: InspectionFollower

  init(socket: AttachSocket, attachment: ReplShellAttachment) {
    self.socket = socket
    self.attachment = attachment
    self.outbox = AttachmentOutbox(socket: socket)
    self.inspection = InspectionFollower(outbox: outbox)
  }

  /// Greets the shell, then serves its requests in order until it leaves or breaks the protocol.
  func start(hello: String) {
    outbox.send(hello)
    let (requests, continuation) = AsyncStream<[String: Any]>.makeStream()
    Thread.detachNewThread { [self] in
      while true {
        do throws(AttachSocket.Failure) {
          let request = try socket.receiveObject()
          nonisolated(unsafe) let sent = request
          continuation.yield(sent)
        } catch {
          if error != .closed {
            attachment.logger.warning("replshell attachment: closed a connection that sent \(error == .malformed ? "a frame that is not a JSON request" : "an oversized frame (\(error))")")
          }
          break
        }
      }
      continuation.finish()
    }
    Task { @MainActor [self] in
      let responder = Responder(connection: self)
      var isAttached = true
      do {
        try responder.shell.attach(
          to: attachment.domain, store: attachment.store, allowsWrites: attachment.allowsWrites, label: attachment.label,
          control: responder)
        outbox.send(responder.done(succeeded: true, quit: false))
      } catch {
        outbox.send(AttachSocket.json(["event": "refused", "message": (error as? CommandError)?.message ?? "\(error)"]))
        outbox.finish()
        isAttached = false
      }
      for await request in requests where isAttached {
        if await !responder.handle(request) { break }
      }
      tail.withLock { $0 = nil }
      inspection.stop()
      watching.withLock { $0.refresh = nil }
      attachment.updateTap()
      await responder.shell.close()
      outbox.close()
      // The writer (of the lowest priority) may take a moment to stop: wait for it on a thread
      // of its own, not on the app's main actor.
      Thread.detachNewThread { [self] in
        outbox.waitUntilStopped()
        socket.close()
        attachment.remove(self)
      }
    }
  }

  /// Whether this shell tails or watches, or this is an inspector's connection following a
  /// shell: the app's dispatches must then be described for it.
  var followsTheApp: Bool {
    tail.withLock { $0 != nil } || watching.withLock { $0.refresh != nil } || inspection.isFollowing
  }

  /// Ends the connection as the app closes its attachment: `bye`, then the socket's end.
  func detach() {
    outbox.send(AttachSocket.json(["event": "bye"]))
    outbox.finish()
  }
}

/// The main-actor side of a connection: its shell, and what each request does.
@MainActor final class Responder: LiveControl {
  let shell: Shell
  let connection: AttachmentConnection
  /// Lines run in this session one at a time, from the shell or its inspector.
  let turns = LineTurns()
  /// The shell this connection's inspector follows, if it is one.
  weak var followed: Responder?

  init(connection: AttachmentConnection) {
    self.connection = connection
    self.shell = Shell(domains: [connection.attachment.domain], isScript: false, baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    // Kept for an inspector the shell starts later (`inspect`), which is then sent the session so far.
    shell.events.keepRecent(SessionEventStream.inspectorBacklog)
  }

  /// Answers one request; false when the connection should end (a request of no known shape).
  func handle(_ request: [String: Any]) async -> Bool {
    if let line = request["line"] as? String {
      let result = await turns.run { await shell.execute(line, location: request["location"] as? String) }
      for event in result.events { connection.outbox.send(SessionEventJSON.line(for: event)) }
      let redact = shell.tailRedaction
      connection.tail.withLock { filter in
        filter?.hidden = shell.hiddenActions
        filter?.redact = redact
      }
      updateWatching()
      connection.outbox.send(done(succeeded: result.succeeded, quit: result.quit))
    } else if let line = request["complete"] as? String {
      let completion = shell.completions(for: line)
      connection.outbox.send(
        AttachSocket.json([
          "event": "completions", "replaced": completion.replacedLength,
          "candidates": completion.candidates.map { ["text": $0.text, "word": $0.isWholeWord] },
        ]))
    } else if let inspection = request["inspect"] as? [String: Any] {
      return await handleInspection(inspection)
    } else if request["untail"] != nil {
      connection.tail.withLock { $0 = nil }
      connection.attachment.updateTap()
      connection.outbox.send(done(succeeded: true, quit: false))
    } else {
      return false
    }
    return true
  }

  func done(succeeded: Bool, quit: Bool) -> String {
    let tailing = connection.tail.withLock { $0 != nil }
    return AttachSocket.json(["event": "done", "succeeded": succeeded, "quit": quit, "prompt": shell.prompt, "tailing": tailing])
  }

  /// Has the app's dispatches refresh the watches while the live session watches anything.
  func updateWatching() {
    var refresh: (@Sendable () -> Void)?
    if shell.watchesLiveState {
      refresh = { [weak self] in
        Task { @MainActor in
          guard let self else { return }
          self.connection.watching.withLock { $0.isScheduled = false }
          self.shell.liveStateChanged()
        }
      }
    }
    connection.watching.withLock { $0.refresh = refresh }
    connection.attachment.updateTap()
  }

  func startTail(only: String?) {
    connection.tail.withLock { $0 = AttachmentConnection.TailFilter(only: only, hidden: shell.hiddenActions, redact: shell.tailRedaction) }
    connection.attachment.updateTap()
  }
}
