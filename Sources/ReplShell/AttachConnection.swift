// Linux only for now: Glibc's sockets (macOS would take Darwin's and `getpeereid`).
#if canImport(Glibc)
import Foundation
import ReplShellFoundation
import Scenarios
import SessionProtocol
import Synchronization
import ReplShellTransport

/// An attached shell's connection to the app, read in one place: one reader receives every
/// message the app sends and routes it to whoever waits for it, as `AttachedInspectionLink` does
/// for the inspector's own connection.
///
/// - The events and the `done` of a line, and the app's goodbye or the connection's end while a
///   line runs, go to the exchange on the main actor (`next()`), with Ctrl-C during a tail
///   (`interrupt()`).
/// - The answer to Tab goes to the editor's thread, which waits for it (`complete(_:)`).
/// - The key that lets an inspector follow this shell goes to `AttachInspection` (`link()`).
/// - The goodbye or the end while the shell waits at the prompt goes to `onIdleEnding`, which ends
///   the shell at once (`AttachIdleWatch`); while the shell is busy otherwise (Tab, `inspect`) it
///   is kept until the prompt, or for the next exchange.
///
/// What arrives that nobody waits for (a late completion, an event between lines) is dropped, as
/// before: the app says nothing unasked but its goodbye.
final class AttachConnection: Sendable {
  /// What the exchange on the main actor is given.
  enum Reply: Sendable {
    /// An event, a line's `done`, or the app's goodbye.
    case message(AppMessage)
    /// The connection ended without a goodbye, or the app sent what is not a message.
    case lost(AttachSocket.Failure)
    /// Ctrl-C while the exchange follows a tail.
    case interrupted
  }

  /// How the connection ended, for whoever asks after it did.
  private enum Ending {
    case bye
    case lost(AttachSocket.Failure)
  }

  /// What the shell is doing, which says where an event or an ending goes.
  private enum Mode {
    /// Waiting for the user's next line: an ending ends the shell.
    case idle
    /// Running a line (or the first answer): events and `done` go to `next()`.
    case exchanging
    /// Completing or starting an inspector: events are dropped, an ending waits.
    case busy
  }

  private struct State {
    var mode = Mode.exchanging
    var inbox: [Reply] = []
    var waiter: CheckedContinuation<Reply, Never>?
    /// Set while Tab waits: the answer, once it came (nil inside: none will).
    var completing = false
    var completion: CompletionAnswer??
    var link: CheckedContinuation<String?, Never>?
    /// Set while the exchange follows a tail: only then is Ctrl-C handed to it.
    var following = false
    var ending: Ending?
    var endingReported = false
    var isClosed = false
    var readerEnded = false
  }

  /// What the shell prints and exits with when the connection ends at the prompt.
  private struct IdleEnding {
    var message: String
    var status: Int32
  }

  let socket: AttachSocket
  /// Told how the connection ended when it ends while the shell waits at the prompt: the message
  /// to print and the exit status.
  private let onIdleEnding: @Sendable (_ message: String, _ status: Int32) -> Void
  private let label: String
  private let state = Mutex(State())
  /// Where the editor's thread waits for Tab's answer: it checks `state` with this lock held, and
  /// the reader broadcasts with it held once the answer (or the end) is in, so that no wake-up
  /// falls between the check and the wait.
  private let answered = NSCondition()
  private let sending = Mutex(())

  /// Starts reading `socket`, greeted already; the first exchange (the app's first `done`) may
  /// begin at once.
  init(socket: AttachSocket, label: String, onIdleEnding: @escaping @Sendable (_ message: String, _ status: Int32) -> Void) {
    self.socket = socket
    self.label = label
    self.onIdleEnding = onIdleEnding
    socket.readEach(AppMessage.self, limit: AttachProtocol.maximumReplyLength, on: "replshell.attach.connection") { [self] message in
      route(message)
    }
  }

  /// Sends `bytes` (a frame); false when the connection is gone.
  func send(_ bytes: [UInt8]) -> Bool {
    sending.withLock { _ in socket.writeAll(bytes) }
  }

  /// Sends `message`; false when the connection is gone.
  func send(_ message: some Encodable) -> Bool {
    sending.withLock { _ in socket.send(message) }
  }

  // MARK: The shell's turns

  /// The shell waits for the user's next line: a goodbye or an end, now or earlier, ends it.
  func becomeIdle() {
    setMode(.idle)
  }

  /// The shell runs a line: the app's events and `done` go to `next()` until `becomeIdle()`.
  func beginExchange() {
    setMode(.exchanging)
  }

  private func setMode(_ mode: Mode) {
    let report = locked { state -> IdleEnding? in
      state.mode = mode
      return mode == .idle ? reportIfEnded(&state) : nil
    }
    report.map { onIdleEnding($0.message, $0.status) }
  }

  // MARK: The exchange

  /// The next reply for the exchange, suspending until it comes.
  func next() async -> Reply {
    if let ready = nextIfReady() { return ready }
    return await withCheckedContinuation { (continuation: CheckedContinuation<Reply, Never>) in
      let ready = locked { state -> Reply? in
        guard state.inbox.isEmpty else { return state.inbox.removeFirst() }
        state.waiter = continuation
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }

  /// The next reply if one came already.
  func nextIfReady() -> Reply? {
    locked { state in state.inbox.isEmpty ? nil : state.inbox.removeFirst() }
  }

  /// Runs `body` while the exchange follows a tail, when `interrupt()` hands it Ctrl-C.
  func following<Answer>(isolation: isolated (any Actor)? = #isolation, _ body: () async -> Answer) async -> Answer {
    locked { $0.following = true }
    defer { locked { $0.following = false } }
    return await body()
  }

  /// Hands the exchange `.interrupted` while it follows a tail (Ctrl-C); a Ctrl-C that comes late,
  /// after the tail ended, is not kept for the next one.
  func interrupt() {
    guard locked({ $0.following }) else { return }
    deliver(.interrupted)
  }

  // MARK: Tab

  /// Sends `frame` (a `complete` request) and blocks the calling thread — the editor's, which
  /// only waits for keys — until the app answers; nil when the connection ends first.
  func complete(_ frame: [UInt8]) -> CompletionAnswer? {
    let (previous, ended) = locked { state -> (Mode, Bool) in
      state.completing = true
      state.completion = nil
      defer { state.mode = .busy }
      return (state.mode, state.ending != nil)
    }
    defer {
      locked { state in
        state.completing = false
        state.completion = nil
      }
      setMode(previous)
    }
    guard !ended, send(frame) else { return nil }
    answered.lock()
    defer { answered.unlock() }
    while true {
      if let completion = locked({ $0.completion }) { return completion }
      answered.wait()
    }
  }

  // MARK: The inspector

  /// Asks the app for the key an inspector's own connection follows this shell with; nil when
  /// it does not answer within `milliseconds` or the connection ends.
  func link(within milliseconds: Int) async -> String? {
    let previous = locked { state -> Mode in
      defer { state.mode = .busy }
      return state.mode
    }
    defer { setMode(previous) }
    // A bound for a silent app; the answer usually comes first, and the bound is cancelled.
    let bound = Task {
      try await Task.sleep(for: .milliseconds(milliseconds))
      self.locked { $0.link.take() }?.resume(returning: nil)
    }
    defer { bound.cancel() }
    let key = await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
      let ended = locked { state -> Bool in
        guard state.ending == nil else { return true }
        state.link = continuation
        return false
      }
      guard !ended, send(ShellRequest.inspect(id: 0, .link)) else {
        if ended {
          continuation.resume(returning: nil)
        } else {
          locked { $0.link.take() }?.resume(returning: nil)
        }
        return
      }
    }
    // An ending that came meanwhile is reported at the prompt.
    return key
  }

  // MARK: Closing

  /// Ends the connection: the reader wakes to its end and reports nothing.
  func close() {
    let readerEnded = locked { state -> Bool in
      state.isClosed = true
      return state.readerEnded
    }
    socket.shutdown()
    // The reader closes the descriptor when it ends after this; when it ended before, here.
    if readerEnded { socket.close() }
  }

  // MARK: The reader

  /// Hands what the app sent to whoever waits for it; false (stop reading) at the end.
  private func route(_ received: Result<AppMessage, AttachSocket.Failure>) -> Bool {
    switch received {
    case .success(.completions(let answer)):
      let isAnswer = locked { state -> Bool in
        guard state.completing else { return false }
        state.completion = .some(answer)
        return true
      }
      if isAnswer { wakeCompletion() }
    case .success(.inspection(_, .linked(let key))):
      locked { $0.link.take() }?.resume(returning: key)
    case .success(.event(let event)):
      if locked({ $0.mode == .exchanging }) { deliver(.message(.event(event))) }
    case .success(.done(let done)):
      if locked({ $0.mode == .exchanging }) { deliver(.message(.done(done))) }
    case .success(.bye):
      end(.bye)
      return false
    case .success:
      break
    case .failure(let failure):
      end(.lost(failure))
      return false
    }
    return true
  }

  /// The connection ended: whoever waits is told, and the shell ends now (at the prompt) or when
  /// it is next there.
  private func end(_ ending: Ending) {
    let (link, report, isClosed, wakes) = locked { state -> (CheckedContinuation<String?, Never>?, IdleEnding?, Bool, Bool) in
      state.ending = ending
      state.readerEnded = true
      if state.completing { state.completion = .some(nil) }
      return (state.link.take(), state.mode == .idle ? reportIfEnded(&state) : nil, state.isClosed, state.completing)
    }
    if wakes { wakeCompletion() }
    link?.resume(returning: nil)
    switch ending {
    case .bye: deliver(.message(.bye))
    case .lost(let failure): deliver(.lost(failure))
    }
    report.map { onIdleEnding($0.message, $0.status) }
    if isClosed { socket.close() }
  }

  /// Gives `reply` to the exchange waiting for it, or keeps it for the next `next()`.
  private func deliver(_ reply: Reply) {
    let waiter = locked { state -> CheckedContinuation<Reply, Never>? in
      guard let waiter = state.waiter.take() else {
        state.inbox.append(reply)
        return nil
      }
      return waiter
    }
    waiter?.resume(returning: reply)
  }

  /// The ending not reported yet (called with the lock held); nil when there is none, or when the
  /// shell closed the connection itself.
  private func reportIfEnded(_ state: inout State) -> IdleEnding? {
    guard let ending = state.ending, !state.endingReported, !state.isClosed else { return nil }
    state.endingReported = true
    switch ending {
    case .bye: return IdleEnding(message: "\(label) closed its attachment: detached", status: 0)
    case .lost(let failure): return IdleEnding(message: "error: " + ControlCharacters.escaped(failure.shellMessage(app: label)), status: 1)
    }
  }

  /// Runs `body` on the state with its lock held.
  private func locked<Result>(_ body: (inout State) -> Result) -> Result {
    state.withLock { body(&$0) }
  }

  /// Wakes the editor's thread waiting in `complete(_:)`: its answer (or the end) is in `state`.
  private func wakeCompletion() {
    answered.lock()
    answered.broadcast()
    answered.unlock()
  }
}
#endif
