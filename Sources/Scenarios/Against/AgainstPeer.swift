import Foundation
import ReplShellFoundation
import ReplShellTransport
import SessionProtocol
import StateValues
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Another revision's reducer in a process of its own (`SHELL against-serve`), asked over its
/// standard streams: `explore --against` compares this shell's reducer with it step by step.
///
/// Every exchange has a time budget: an old reducer that loops, or a process that stops
/// answering, is killed when it runs out, and the error says which. Ctrl-C kills it too.
@MainActor final class AgainstPeer {
  /// How the report names the revision: `abc1234 (main~3)`, or the binary's path.
  let name: String
  /// The shell's name and version, as its hello gave them.
  private(set) var shell = ""
  private let process: Process
  private let pipe: FramePipe
  private let pipes: (toChild: Pipe, fromChild: Pipe)
  private let errors: StandardErrorTail
  /// Kept open while the peer is: its reader holds the descriptor.
  private let errorPipe = Pipe()
  /// Set once the process is gone: later exchanges fail at once.
  private var ended: String?
  /// The number of each action the serving side's table holds, since the last `start`.
  private var known: [Value: Int] = [:]
  /// The last `start`, sent again when the table is full.
  private var started: (domain: String, state: JSONForm?)?
  /// Where the blocking reads and writes run, off the cooperative threads.
  private let queue = DispatchQueue(label: "explore-against")

  /// The longest one exchange may take unless the line's budget ends sooner: 30 s, or the
  /// environment's `REPLSHELL_AGAINST_TIMEOUT` (seconds).
  static let exchangeTimeout: Duration = {
    guard let text = ProcessInfo.processInfo.environment["REPLSHELL_AGAINST_TIMEOUT"], let seconds = Double(text), seconds > 0, seconds.isFinite else {
      return .seconds(30)
    }
    // A day at the most: any longer is no budget.
    return .milliseconds(Int(min(seconds, 86_400) * 1000))
  }()

  /// Starts `binary` as the reducer of revision `name`, and reads its hello.
  init(binary: String, name: String) async throws(CommandError) {
    self.name = name
    process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = [AgainstProtocol.serveArgument]
    pipes = (Pipe(), Pipe())
    process.standardInput = pipes.toChild
    process.standardOutput = pipes.fromChild
    process.standardError = errorPipe
    do {
      try process.run()
    } catch {
      throw CommandError("cannot start \(name) (\(binary)): \(error.localizedDescription)")
    }
    errors = StandardErrorTail(errorPipe.fileHandleForReading)
    pipe = FramePipe(input: pipes.fromChild.fileHandleForReading.fileDescriptor, output: pipes.toChild.fileHandleForWriting.fileDescriptor)
    switch try await answer(to: try begin(sending: nil, doing: "start")) {
    case .hello(let version, let shell):
      guard version == AgainstProtocol.version else {
        finish()
        throw CommandError(AgainstProtocol.mismatch(otherVersion: version, other: name))
      }
      self.shell = shell
    default:
      finish()
      throw CommandError("\(name) does not begin with the explore --against hello: it is not a shell of this library's protocol")
    }
  }

  /// Sends `request` and reads its answer; `doing` says what it was for in an error.
  func exchange(_ request: AgainstRequest, doing: String) async throws(CommandError) -> AgainstAnswer {
    try await answer(to: try begin(request, doing: doing))
  }

  /// An exchange under way: its request is written and its answer read on the peer's queue,
  /// while the caller does its own work.
  struct Pending {
    let doing: String
    let limit: Duration
    let alarm: PeerAlarm
    let timer: DispatchWorkItem
    let answer: PeerAnswer
  }

  /// Starts the exchange of `request`: written and answered off this actor, within the time
  /// budget, while the caller goes on (`answer(to:)` waits for it).
  func begin(_ request: AgainstRequest, doing: String) throws(CommandError) -> Pending {
    let frame: [UInt8]
    do {
      frame = try AttachFrame.bytes(of: request)
    } catch {
      throw CommandError("cannot write the request to \(name): \(error)")
    }
    return try begin(sending: frame, doing: doing)
  }

  private func begin(sending frame: [UInt8]?, doing: String) throws(CommandError) -> Pending {
    if let ended { throw CommandError("\(name) cannot \(doing): \(ended)") }
    let timeout = Self.exchangeTimeout
    let limit = Budget.current.deadline.map { min(timeout, max(.zero, $0 - .now)) } ?? timeout
    let pid = process.processIdentifier
    let alarm = PeerAlarm()
    let timer = DispatchWorkItem { alarm.fire(pid) }
    DispatchQueue.global().asyncAfter(deadline: .now() + limit.inSeconds, execute: timer)
    let answer = PeerAnswer()
    let pipe = pipe
    queue.async {
      if let frame, !pipe.write(frame) {
        answer.give(.failure(.closed))
        return
      }
      do throws(AttachFrame.Failure) {
        answer.give(.success(try pipe.receive(AgainstAnswer.self, limit: AgainstProtocol.maximumAnswerLength)))
      } catch {
        answer.give(.failure(error))
      }
    }
    return Pending(doing: doing, limit: limit, alarm: alarm, timer: timer, answer: answer)
  }

  /// The answer of an exchange `begin` started; an error says why there is none.
  func answer(to pending: Pending) async throws(CommandError) -> AgainstAnswer {
    let pid = process.processIdentifier
    let (alarm, answer) = (pending.alarm, pending.answer)
    let result = await withTaskCancellationHandler {
      await answer.value()
    } onCancel: {
      alarm.cancel(pid)
    }
    pending.timer.cancel()
    switch result {
    case .success(.refused(let reason)):
      // The other side's words, shown as they are but never as terminal controls.
      throw CommandError("\(name) refused to \(pending.doing): \(ControlCharacters.escaped(String(reason.prefix(2_000))))")
    case .success(let answer):
      return answer
    case .failure(let failure):
      throw CommandError(await ending(after: failure, alarm: pending.alarm, doing: pending.doing, limit: pending.limit))
    }
  }

  /// Starts `domain` from `state` (nil: its initial state); its state as values.
  func start(domain: String, state: JSONForm?) async throws(CommandError) -> Value {
    guard case .started(let value) = try await exchange(.start(domain: domain, state: state), doing: "start \(domain)") else {
      throw CommandError("\(name) did not answer `start` as the protocol says")
    }
    known = [:]
    started = (domain, state)
    return value.value
  }

  /// A sequence of payloads as the serving side's table numbers them: the payloads it has not
  /// seen yet, and every step's number. A full table is started afresh first.
  func numbered(_ payloads: [Value]) async throws(CommandError) -> (introducing: [WireValue], actions: [Int]) {
    if known.count + payloads.count > AgainstProtocol.maximumActions, let started {
      _ = try await start(domain: started.domain, state: started.state)
    }
    var introducing: [WireValue] = []
    var actions: [Int] = []
    actions.reserveCapacity(payloads.count)
    for payload in payloads {
      if let number = known[payload] {
        actions.append(number)
      } else {
        let number = known.count
        known[payload] = number
        introducing.append(WireValue(payload))
        actions.append(number)
      }
    }
    return (introducing, actions)
  }

  /// Ends the process: its input closes, which ends it; one still there a second later is killed.
  func finish() {
    guard ended == nil else { return }
    ended = "it was stopped"
    pipes.toChild.fileHandleForWriting.closeFile()
    let process = process
    Task { @MainActor in
      do {
        try await Task.sleep(for: .seconds(1))
      } catch {
        // Cancelled: the process is killed now rather than in a second.
      }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
  }

  isolated deinit {
    finish()
  }

  /// Why the exchange failed, said once; the process is gone after it.
  private func ending(after failure: AttachFrame.Failure, alarm: PeerAlarm, doing: String, limit: Duration) async -> String {
    let process = process
    // A stream that closed with no alarm is a process ending on its own: it is given two seconds
    // to, so that its own status is what is said; one still there then is killed.
    if alarm.reason == nil, process.isRunning {
      let first = OnceOnly()
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
          process.waitUntilExit()
          if first.claim() { continuation.resume() }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) {
          if first.claim() { continuation.resume() }
        }
      }
    }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        process.waitUntilExit()
        continuation.resume()
      }
    }
    let said = errors.text
    let why: String
    switch alarm.reason {
    case .timeout?:
      why = (shell.isEmpty ? "it did not say hello within \(limit.inSeconds) s and was stopped" : "its reducer did not answer within \(limit.inSeconds) s and was stopped: it may loop on this sequence")
        + " (REPLSHELL_AGAINST_TIMEOUT=SECONDS gives it longer)"
    case .cancelled?:
      why = "it was stopped (Ctrl-C or the line's budget)"
    case nil:
      switch failure {
      case .oversized(let length): why = "it answered \(length) bytes, more than the \(AgainstProtocol.maximumAnswerLength >> 20) MiB an answer may have"
      case .malformed(let fault): why = "it answered something that is not an explore --against answer (\(ControlCharacters.escaped(fault)))"
      case .closed where shell.isEmpty:
        let status = process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)"
        why = "it ended before saying hello (\(status)): it is not a shell built on this library, or one that predates explore --against"
      case .closed:
        let status = process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)"
        why = "it ended (\(status)): its reducer may have trapped on this sequence"
      }
    }
    ended = why
    return "\(name) could not \(doing): \(why)" + (said.isEmpty ? "" : "; it said: \(said)")
  }
}

/// The answer of one exchange, given once on the peer's queue and waited for on the main actor.
final class PeerAnswer: Sendable {
  private let state = Mutex<(given: Result<AgainstAnswer, AttachFrame.Failure>?, waiter: CheckedContinuation<Result<AgainstAnswer, AttachFrame.Failure>, Never>?)>((nil, nil))

  /// Gives the answer: to the waiter when there is one, else kept for it.
  func give(_ result: Result<AgainstAnswer, AttachFrame.Failure>) {
    let waiter = state.withLock { state in
      guard let waiter = state.waiter else {
        state.given = result
        return nil as CheckedContinuation<Result<AgainstAnswer, AttachFrame.Failure>, Never>?
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume(returning: result)
  }

  /// The answer, once given.
  func value() async -> Result<AgainstAnswer, AttachFrame.Failure> {
    await withCheckedContinuation { continuation in
      let given = state.withLock { state in
        guard let given = state.given else {
          state.waiter = continuation
          return nil as Result<AgainstAnswer, AttachFrame.Failure>?
        }
        return given
      }
      if let given { continuation.resume(returning: given) }
    }
  }
}

/// Whichever of two callers claims it first: the one that resumes a continuation both may resume.
final class OnceOnly: Sendable {
  private let claimed = Mutex(false)

  /// True for the first caller only.
  func claim() -> Bool {
    claimed.withLock { claimed in
      defer { claimed = true }
      return !claimed
    }
  }
}

/// The timer and the Ctrl-C of one exchange: whichever comes first kills the process and says why.
final class PeerAlarm: Sendable {
  enum Reason: Sendable { case timeout, cancelled }
  private let state = Mutex<Reason?>(nil)

  /// The time ran out: the process is killed.
  func fire(_ pid: pid_t) { stop(pid, .timeout) }
  /// The line was cancelled: the process is killed.
  func cancel(_ pid: pid_t) { stop(pid, .cancelled) }

  /// Why the process was killed; nil when it was not.
  var reason: Reason? { state.withLock { $0 } }

  private func stop(_ pid: pid_t, _ reason: Reason) {
    let first = state.withLock { current in
      guard current == nil else { return false }
      current = reason
      return true
    }
    if first { kill(pid, SIGKILL) }
  }
}

/// The first few KiB a peer writes to its standard error, read as it writes (so it never blocks
/// on a full pipe) and kept for the error that says why it ended.
final class StandardErrorTail: Sendable {
  private let kept = Mutex<[UInt8]>([])
  private static let limit = 4096

  init(_ handle: FileHandle) {
    let descriptor = handle.fileDescriptor
    BlockingThread.start("explore-against stderr") { [self] in
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if got < 0 && errno == EINTR { continue }
        guard got > 0 else { return }
        self.kept.withLock { bytes in
          if bytes.count < Self.limit { bytes += buffer[0..<min(got, Self.limit - bytes.count)] }
        }
      }
    }
  }

  /// What it said, on one line, cut to a message's length.
  var text: String {
    ControlCharacters.escaped(String(decoding: kept.withLock { $0 }, as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ").truncatedForMessage)
  }
}
