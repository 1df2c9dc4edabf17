#if canImport(Glibc)
import Glibc
import ReplShellDomain
import SessionProtocol
import StateValues
#endif
import Foundation
import ImmutableData
import Logging
import ReplShellSession
import ReplShellTransport
import ServiceLifecycle
import Synchronization

/// Lets `replshell --attach` drive this app's live store, in debug builds: one Unix socket in
/// `$XDG_RUNTIME_DIR/replshell/` (else `/tmp/replshell-$UID/`), mode 0600 in a folder of mode
/// 0700, named after the app and its pid. Only the user who runs the app may attach (the kernel
/// says who connects); shells read the state, and dispatch only when `allowsWrites` is true.
///
/// ```swift
/// let attachment = ReplShellAttachment(store: store, domain: .shelf)
/// ```
///
/// It listens from its creation until `close()`; as a swift-service-lifecycle `Service`, `run()`
/// waits for the group's graceful shutdown, then closes. A debugging aid never stops the app:
/// when the folder is another user's, or the socket cannot be opened, the attachment logs one
/// line saying why and what to do, and the app runs on without it (`isOpen` is false).
public final class ReplShellAttachment: Sendable, Service {
  /// The socket's path (where it would be, when the attachment could not open).
  public let path: String
  let domain: Domain
  /// The app's store, checked against the domain once as the attachment opened and held typed
  /// in what opens sessions over it, taps it and snapshots it; nil when it was not the domain's
  /// `Store<State, Action>` (the attachment then logged why and stayed closed).
  let store: LiveStore?
  let allowsWrites: Bool
  let logger: Logger
  /// `shelf@4711`: what the prompt calls this app.
  let label: String
  private let hello: AppHello
  /// What accepts shells on the listening socket; nil when the attachment could not open.
  private let acceptor: AttachAcceptor?
  private let state = Mutex(State())
  /// Serves every accepted shell, each as a child task, until the listener closes and the last
  /// connection ends; nil when the attachment could not open.
  private let serving = Mutex<Task<Void, Never>?>(nil)
  /// How many of the store's actions the tap has described: an inspected live state's tree is
  /// encoded again only once this moves.
  let tappedActions = Atomic<Int>(0)
  /// The log every action goes to when the app keeps a flight recorder; nil otherwise.
  private let recorderLog: FlightRecorderLog?

  private struct State {
    var connections: [ObjectIdentifier: AttachmentConnection] = [:]
    var tap: LiveTap?
    var isClosed = false
  }

  /// Opens the attachment for `store`, driven as `domain`: `app` names the socket (default: the
  /// process's name); `allowsWrites` lets shells dispatch into the live store, through the app's
  /// listeners. When the socket folder is not safe (another user's, a link) or the socket cannot
  /// be opened, logs one error line and leaves the attachment closed: the app runs on.
  /// `flightRecorder` keeps a bounded log of every action the store dispatches, which
  /// `replshell --replay` opens (see `FlightRecorder`); it records whether or not the socket opened.
  @MainActor
  public init<State: Sendable, Action: Sendable>(
    store: Store<State, Action>, domain: Domain, app: String = ProcessInfo.processInfo.processName,
    allowsWrites: Bool = false, logger: Logger = Logger(label: "replshell.attachment"), flightRecorder: FlightRecorder? = nil
  ) {
    let folder = AttachDirectory.path
    let pid = getpid()
    self.path = folder + "/" + AttachDirectory.socketName(app: app, pid: pid)
    self.domain = domain
    // A store of another type than the domain's is a mistake of the app's: said now, not when a shell connects.
    let bound = Result { () throws(CommandError) in try domain.live.bind(store) }
    switch bound {
    case .success(let live): self.store = live
    case .failure: self.store = nil
    }
    self.allowsWrites = allowsWrites
    self.logger = logger
    self.label = "\(domain.name)@\(pid)"
    let started = Date().timeIntervalSince1970
    self.hello = AppHello(app: app, domain: domain.name, pid: Int(pid), writes: allowsWrites, started: started)
    let opened: AttachSocket?
    do throws(CommandError) {
      _ = try bound.get()
      try AttachDirectory.prepare(folder)
      try AttachListener.removeStaleSockets(in: folder)
      opened = try AttachListener.open(path)
    } catch {
      logger.error("replshell attachment: not opened, the app runs on without one: \(error.message)")
      opened = nil
    }
    // Accepting starts now; the shells wait in the stream until the serving task below takes them.
    let (accepted, continuation) = AsyncStream<AttachSocket>.makeStream()
    self.acceptor = opened.map { AttachAcceptor(listener: $0, into: continuation, logger: logger) }
    self.recorderLog = flightRecorder.flatMap { recorder in
      FlightRecorderLog(
        recorder, domain: domain.name, initial: bound.flatMap { live in Result { () throws(CommandError) in try live.snapshot() } },
        report: { logger.error("\($0)") })
    }
    if recorderLog != nil { updateTap() }
    guard acceptor != nil else {
      continuation.finish()
      return
    }
    // What `--attach` alone lists, so that it need not connect to every app.
    do throws(CommandError) {
      try AttachSidecar(app: app, domain: domain.name, pid: pid, allowsWrites: allowsWrites, started: started)
        .write(to: AttachSidecar.path(forSocket: path))
    } catch {
      logger.warning("replshell attachment: \(error.message); `--attach` alone will greet this app to list it")
    }
    let task = Task { [hello] in
      await withDiscardingTaskGroup { group in
        for await socket in accepted {
          let connection = AttachmentConnection(socket: socket, attachment: self)
          switch self.register(connection) {
          case .registered:
            break
          case .closed:
            socket.close()
            continue
          case .full:
            let message = "\(app) serves \(Self.maximumShells) attached shells at once, the most it takes; detach one of them and attach again"
            logger.warning("replshell attachment: refused a shell: \(Self.maximumShells) are attached already")
            socket.send(AppMessage.refused(message))
            socket.shutdown()
            socket.close()
            continue
          }
          group.addTask {
            await connection.serve(hello: hello)
            self.remove(connection)
          }
        }
      }
    }
    serving.withLock { $0 = task }
  }

  /// Whether the attachment listens: false when it could not open (it logged why).
  public var isOpen: Bool { acceptor != nil }

  /// The version of the attach protocol this attachment speaks (`Documentation/Protocol.md`): what
  /// a client of the socket other than `replshell` (a benchmark's raw shell) says in its hello.
  public static var protocolVersion: Int { AttachProtocol.version }

  /// Waits for the service group's graceful shutdown (or cancellation), then closes.
  public func run() async throws {
    // The shutdown's end (or the task's cancellation) is the signal to close; either is fine.
    try? await gracefulShutdown()
    close()
    await serving.withLock { $0 }?.value
  }

  /// Stops listening, removes the socket and tells every attached shell it is detached: returns
  /// once each shell has been sent its goodbye (waiting at most 2 seconds for shells that do not
  /// read).
  public func close() {
    defer { recorderLog?.close() }
    guard let acceptor else {
      let tap = state.withLock { state in
        state.isClosed = true
        defer { state.tap = nil }
        return state.tap
      }
      if let tap { Task { @MainActor in tap.stop() } }
      return
    }
    let (connections, tap) = state.withLock { state in
      state.isClosed = true
      defer {
        state.connections.removeAll()
        state.tap = nil
      }
      return (Array(state.connections.values), state.tap)
    }
    if let tap { Task { @MainActor in tap.stop() } }
    acceptor.cancel()
    unlink(AttachSidecar.path(forSocket: path))
    unlink(path)
    for connection in connections { connection.detach() }
    let deadline = DispatchTime.now() + .seconds(2)
    for connection in connections { connection.outbox.waitUntilStopped(before: deadline) }
  }

  /// Keeps `connection` among those the app's actions and `close()` reach; false once closed.
  private func register(_ connection: AttachmentConnection) -> Registration {
    state.withLock { state in
      guard !state.isClosed else { return .closed }
      guard state.connections.count < Self.maximumShells else { return .full }
      state.connections[ObjectIdentifier(connection)] = connection
      return .registered
    }
  }

  /// What became of a shell that connected.
  private enum Registration {
    case registered
    /// The attachment is closing.
    case closed
    /// `maximumShells` are attached already.
    case full
  }

  /// The most shells an app serves at once: each holds a session, an outbox and a mailbox, so a
  /// user's script that attaches in a loop cannot make the app keep without end.
  public static let maximumShells = 16

  /// Forgets a connection that ended.
  func remove(_ connection: AttachmentConnection) {
    _ = state.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(connection)) }
  }

  /// Starts describing the app's dispatches when a shell attaches (its history records them) or
  /// the flight recorder keeps them, and stops when the last shell detaches: then a dispatch
  /// costs the app one nil check.
  @MainActor func updateTap() {
    let (connections, tap, isClosed) = state.withLock { (Array($0.connections.values), $0.tap, $0.isClosed) }
    let isNeeded = !isClosed && (recorderLog != nil || connections.contains { $0.followsTheApp })
    // Without a store of the domain's (logged as the attachment opened) there is nothing to tap.
    if isNeeded, tap == nil, let store {
      let started = store.tap { [weak self] report in
        switch report {
        case .dispatched(let dispatch): self?.deliver(dispatch)
        case .dropped(let count, let through): self?.deliverDropped(count, through: through)
        }
      }
      state.withLock { $0.tap = started }
    } else if !isNeeded, let tap {
      state.withLock { $0.tap = nil }
      tap.stop()
    }
  }

  /// Tells every shell that tails the app's actions, and the flight recorder, of `count` actions
  /// dropped with none described after them yet (the app dispatched nothing since), the last of
  /// them the tap's dispatch `through`.
  private func deliverDropped(_ count: Int, through: Int) {
    recorderLog?.skip(count)
    for connection in state.withLock({ Array($0.connections.values) }) {
      connection.appActions.advance(through: through)
      if connection.tail.withLock({ $0 != nil }) { connection.outbox.tellDropped(count) }
    }
  }

  /// The tap while one runs: how many of the store's dispatches it has recorded.
  var tap: LiveTap? {
    state.withLock { $0.tap }
  }

  /// Hands one dispatch to every shell that tails it: encoded once, queued without waiting.
  private func deliver(_ dispatch: TappedDispatch) {
    tappedActions.add(1, ordering: .releasing)
    recorderLog?.record(dispatch)
    let connections = state.withLock { Array($0.connections.values) }
    // Into each session's history first: a shell that sees the action in its tail finds it there.
    for connection in connections { connection.appActions.deliver(dispatch) }
    var frame: [UInt8]?
    for connection in connections {
      let refresh = connection.watching.withLock { watching -> (@Sendable () -> Void)? in
        guard let refresh = watching.refresh, !watching.isScheduled else { return nil }
        watching.isScheduled = true
        return refresh
      }
      refresh?()
    }
    for connection in connections { connection.inspection.deliver(dispatch) }
    for connection in connections {
      guard let filter = connection.tail.withLock({ $0 }) else { continue }
      // A breakpoint is about the state: marked whether or not `--only` shows the action.
      let stops = filter.breaks?(dispatch.text, dispatch.oldState, dispatch.newState) ?? []
      defer {
        for stop in stops { connection.outbox.sendTail(.event(filter.redact?(.breakpoint(stop)) ?? .breakpoint(stop)), droppedBefore: 0) }
      }
      guard filter.admits(dispatch) else { continue }
      // A shell's redactions hold for the app's own actions (its listeners' among them) as for its lines.
      if let redact = filter.redact {
        connection.outbox.sendTail(.event(redact(dispatch.event)), droppedBefore: dispatch.droppedBefore)
        continue
      }
      // Encoded once for every shell that tails it unredacted.
      if frame == nil { frame = AttachmentOutbox.frame(.event(dispatch.event)) }
      if let frame { connection.outbox.sendTail(frame: frame, droppedBefore: dispatch.droppedBefore) }
    }
  }
}
