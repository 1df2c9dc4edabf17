import Foundation
import Logging
import ReplShellCommands
import ReplShellSession
import ReplShellTransport
import SessionProtocol
import Synchronization

/// One attached shell: a thread that reads its requests, a session host of its own on the main
/// actor over the app's live store, and an outbox that writes replies and tailed actions without
/// ever making the app wait.
final class AttachmentConnection: Sendable {
  /// What `tail` lets through, read by the tap's thread.
  struct TailFilter: Sendable {
    var only: ActionPattern?
    var hidden: HiddenActions
    /// The shell's redactions, applied to every tailed action as to what its own lines print;
    /// nil when it redacts nothing, and the encoded action is shared with the other shells.
    var redact: (@Sendable (SessionEvent) -> SessionEvent)?
    /// The shell's breakpoints, marked in the tail when an action makes one true; nil when none is set.
    var breaks: TailBreaks?

    func admits(_ dispatch: TappedDispatch) -> Bool {
      if let only, !(dispatch.path.map(only.matches) ?? only.matches(text: dispatch.text)) { return false }
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
  /// The app's own actions on their way into the session's history.
  let appActions = AppActionFeed()

  init(socket: AttachSocket, attachment: ReplShellAttachment) {
    self.socket = socket
    self.attachment = attachment
    self.outbox = AttachmentOutbox(socket: socket)
    self.inspection = InspectionFollower(outbox: outbox)
  }

  /// Greets the shell, opens its session, then serves its requests in order until it leaves or
  /// breaks the protocol; returns once the connection is closed.
  func serve(hello: AppHello) async {
    outbox.send(.hello(hello))
    let (responder, isRefused) = await serveOnMainActor()
    tail.withLock { $0 = nil }
    inspection.stop()
    watching.withLock { $0.refresh = nil }
    await responder.close()
    if isRefused { outbox.finish() } else { outbox.close() }
    await outbox.stopped()
    socket.close()
  }

  /// Opens the shell's session and answers its requests, on the main actor, where its session
  /// lives: each request arrives from the reader's thread, parsed there, through a mailbox the
  /// main actor waits on, and nothing goes back off it between two requests. Returns the responder and whether
  /// the shell was refused (its store, its protocol), when it is sent why before the connection
  /// closes.
  @MainActor private func serveOnMainActor() async -> (Responder, isRefused: Bool) {
    let responder = Responder(connection: self)
    let requests = readRequests(commands: responder.shell.commands)
    // However serving ends, refused at once included, the reader is not left waiting for a place
    // in the mailbox.
    defer { requests.finish() }
    guard responder.attach() else { return (responder, true) }
    guard handshake(with: await requests.take()) else { return (responder, true) }
    var servedInARow = 0
    serving: while let next = await requests.take() {
      switch next {
      case .success(let request):
        await responder.handle(request)
      case .failure(.closed):
        break serving
      case .failure(let failure):
        attachment.logger.warning("replshell attachment: closed a connection that sent \(failure.summary)")
        break serving
      }
      if let unread = outbox.overflow {
        attachment.logger.warning(
          "replshell attachment: closed a shell that left \(unread) bytes of replies unread (at most \(AttachmentOutbox.replyByteLimit) may wait)")
        break serving
      }
      // A few requests at a time, then the app's own work on the main actor: a shell that
      // pipelines thousands of requests never holds the app's main actor for long.
      servedInARow += 1
      if servedInARow == Self.requestsBetweenYields {
        servedInARow = 0
        await Task.yield()
      }
    }
    return (responder, false)
  }

  /// How many requests a shell gets served in a row before the app's own work runs.
  static let requestsBetweenYields = 8

  /// The shell's requests as they arrive, each line parsed for a shell that runs `commands` on
  /// the thread that blocks on the socket for them, off the app's main actor (a line may be a
  /// mebibyte); they end when the shell leaves or sends what is not a request.
  private func readRequests(commands: CommandSet) -> RequestMailbox<Result<ArrivedRequest, AttachSocket.Failure>> {
    let requests = RequestMailbox<Result<ArrivedRequest, AttachSocket.Failure>>()
    socket.readEach(ShellRequest.self, limit: AttachProtocol.maximumRequestLength, on: "replshell.attach.read") { request in
      requests.put(request.map { ArrivedRequest($0, commands: commands) })
      // A failure is the last: reading ends after it.
      if case .failure = request { requests.finish() }
      return true
    }
    return requests
  }

  /// Checks the shell's first request, its hello: a shell of another protocol version (or one
  /// that announces none, as shells before the handshake) is told, in one error naming both
  /// versions, and let go.
  private func handshake(with first: Result<ArrivedRequest, AttachSocket.Failure>?) -> Bool {
    switch first {
    case .success(.hello(let version)) where version == AttachProtocol.version:
      return true
    case .success(.hello(let version)):
      refuse(AttachProtocol.appMismatch(shellVersion: version))
    case .failure(.malformed), .success:
      refuse(AttachProtocol.appMismatch(shellVersion: nil))
    case .failure(.oversized(let length)):
      attachment.logger.warning("replshell attachment: closed a connection that sent \(AttachSocket.Failure.oversized(length).summary)")
    case .failure(.closed), nil:
      break
    }
    return false
  }

  /// Ends the connection with `message`: as an error event and a goodbye, which a shell of any
  /// version prints, and as a refusal.
  private func refuse(_ message: String) {
    attachment.logger.warning("replshell attachment: \(message)")
    outbox.send(.event(.error(ErrorEvent(message: message, location: nil, column: nil))))
    outbox.send(.refused(message))
    outbox.send(.bye)
    outbox.finish()
  }

  /// Whether this shell's session is open (its history records the app's actions), or it tails
  /// or watches, or this is an inspector's connection following a shell: the app's dispatches
  /// must then be described for it.
  var followsTheApp: Bool {
    appActions.isOpen || tail.withLock { $0 != nil } || watching.withLock { $0.refresh != nil } || inspection.isFollowing
  }

  /// Ends the connection as the app closes its attachment: `bye`, then the socket's end.
  func detach() {
    outbox.send(.bye)
    outbox.finish()
  }
}
