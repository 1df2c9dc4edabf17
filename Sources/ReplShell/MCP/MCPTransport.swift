import Foundation
import Logging
import MCP
import ReplShellHost
import ReplShellSession
import Scenarios
import StateValues

/// The MCP server's transport: lines from `StandardStreams` go to the SDK's server as they
/// arrive, and the replies go out in the order their requests arrived.
///
/// The order in which calls run is the session host's. The requests that reach the session (a
/// tool call, a resource read) the transport serves itself (`SessionCalls`): it draws each one's
/// turn from the `SessionHost` as the request arrives and runs it in that turn, from the request
/// as the client sent it. A `history` sent right behind a `dispatch` therefore runs after it.
/// The SDK's server answers the rest (`initialize`, `ping`, the lists), whose order does not
/// matter to the session.
///
/// Every line is sorted first (`MessageKind`): what the server would answer with a made-up id,
/// or never (a line that is not JSON, one over the limit, a batch, an id MCP does not allow), the
/// transport answers itself, in its place among the replies; the server only ever gets requests it
/// answers with their own id. A request cancelled by the client gives up its turn and its place
/// among the replies. The input ends for the server once every request was answered.
///
/// The server gets each request under an id of the transport's own, its place among the replies,
/// and the reply goes back to the client under the id the client wrote (its exact text); the
/// calls the transport serves itself are answered by place too. A client may send a new request
/// under the id of one not answered yet (JSON-RPC forbids it, agents and fuzzers do it); were the
/// replies matched by the client's id, the first reply to come would be taken for the first
/// request of that id whichever it answered, and that request's turn given up while it was about
/// to claim it: it would then wait behind the turn of the other request, which was given up only
/// once the first one answered, and the server never finished
/// (`Fuzz/Corpus/mcp/hang-at-exit-duplicate-id`).
actor MCPTransport: Transport {
  private let streams: StandardStreams
  private let lineLimit: Int
  private let calls: SessionCalls
  nonisolated let logger = Logger(label: "replshell.mcp.transport", factory: { _ in SwiftLogNoOpLogHandler() })
  /// The place the next line that gets a reply takes among the replies.
  private var nextPlace = 0
  /// The place whose reply goes out next.
  private var nextToWrite = 0
  /// The requests the server has not answered yet, by place (which is the id the server got
  /// them under): the id the client gave each.
  private var unanswered: [Int: ClientID] = [:]
  /// The ids the client gave the requests it cancelled, by place: a late reply still goes back
  /// under the client's id.
  private var cancelled: [Int: ClientID] = [:]
  /// How many cancelled requests' ids are remembered; a reply later than that many cancellations
  /// goes out under the server's id.
  private static let cancelledKept = 1_024
  /// How many requests may wait for their replies at once, and how many of their bytes together:
  /// a client that sends without reading the replies is told the server is busy, request by
  /// request, instead of the server keeping everything it sends.
  static let waitingLimit = 256
  static let waitingByteLimit = 64 << 20
  /// The bytes of each request not answered yet, by place.
  private var waitingBytes: [Int: Int] = [:]
  private var waitingByteCount = 0
  /// Replies that came before their place, and places whose reply will never come (cancelled).
  private var early: [Int: Data] = [:]
  private var dropped: Set<Int> = []
  /// The calls the transport serves that have not finished, by place: the turn drawn for each
  /// and the task that runs it.
  private var running: [Int: (turn: SessionHost.Turn, task: Task<Void, Never>)] = [:]
  private var inputEnded = false
  private var inputError: (any Error)?
  private var delivery: AsyncThrowingStream<Data, any Error>.Continuation?
  private var reader: Task<Void, Never>?

  /// Serves the lines `streams` reads, each at most `lineLimit` bytes, and writes the replies to
  /// it; the requests that reach the session are `calls`', each in the turn drawn as it arrives.
  init(_ streams: StandardStreams, lineLimit: Int, calls: SessionCalls) {
    self.streams = streams
    self.lineLimit = lineLimit
    self.calls = calls
  }

  /// Waits for the calls still running (those the client cancelled after they had started),
  /// whose late replies go out as they finish.
  func finishCalls() async {
    while let call = running.first?.value {
      await call.task.value
    }
  }

  func connect() async throws {}

  func disconnect() async {
    reader?.cancel()
  }

  func send(_ data: Data) async throws {
    // The server answers under the id it got each request under: its place.
    let place: Int? = if case .number(let place)? = MessageKind.responseID(of: data) { place } else { nil }
    guard let place else {
      // A notification, or a request of the server's own.
      try streams.write(data)
      return
    }
    try await answer(place, with: data)
  }

  /// Sends `reply` to the request at `place`, in turn; out of turn when the client cancelled it.
  private func answer(_ place: Int, with reply: Data) async throws {
    stopsWaiting(place)
    guard let client = unanswered.removeValue(forKey: place) else {
      if let client = cancelled.removeValue(forKey: place) {
        // The late reply to a request the client cancelled: out of turn, its place was dropped.
        try streams.write(Self.withID(client.text, in: reply))
      } else {
        try streams.write(reply)
      }
      return
    }
    early[place] = Self.withID(client.text, in: reply)
    writeInOrder()
    // The reply may wait for an earlier one; a write that failed is the server's to hear of.
    try streams.flush()
  }

  /// The end of a call the transport served: its reply, or nil when it was cancelled before it ran.
  private func finished(_ place: Int, reply: Data?) async {
    running[place] = nil
    guard let reply else { return }
    do {
      try await answer(place, with: reply)
    } catch {
      // The output is gone: the input's end, or the next write, ends the server.
      logger.error("a reply could not be written: \(error)")
    }
  }

  func receive() -> AsyncThrowingStream<Data, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self, throwing: (any Error).self)
    delivery = continuation
    let frames = streams.frames()
    reader = Task {
      do {
        for try await frame in frames {
          self.arrived(frame)
        }
        self.ended(with: nil)
      } catch {
        self.ended(with: error)
      }
    }
    return stream
  }

  private func arrived(_ frame: LineFramer.Frame) {
    switch frame {
    case .overLimit(let byteCount):
      refuse(.overLimit(byteCount: byteCount, limit: lineLimit))
    case .line(let message):
      arrived(message)
    }
  }

  private func arrived(_ message: Data) {
    switch MessageKind(message) {
    case .request(let id):
      let place = nextPlace
      guard let idText = TopLevelMembers(message)?.texts["id"], let renamed = Self.replacingID(with: Data(String(place).utf8), in: message),
        MessageKind.requestID(of: renamed) == .number(place)
      else {
        // The id could not be replaced (an object that names "id" twice): refused, not guessed at.
        refuse(ProtocolRefusal(
          code: ProtocolRefusal.invalidRequestCode, message: #"Invalid Request: a request names its "id" once"#))
        return
      }
      if let busy = Self.busyRefusal(waiting: unanswered.count, waitingBytes: waitingByteCount, arriving: message.count, idText: idText) {
        refuse(busy)
        return
      }
      nextPlace += 1
      unanswered[place] = ClientID(id: id, text: idText)
      waitingBytes[place] = message.count
      waitingByteCount += message.count
      if SessionCalls.reachesSession(message) {
        // Served here, as sent; the SDK's server gets the rest under the transport's id.
        serve(message, place: place)
      } else {
        delivery?.yield(renamed)
      }
    case .refused(let refusal):
      refuse(refusal)
    case .cancellation(let id):
      // The oldest request not answered under that id is cancelled (a client may reuse an id).
      // A cancelled request may never be answered: its place is dropped, and its turn given up
      // unless it has started. A cancellation of nothing waiting is not passed on.
      guard let place = unanswered.filter({ $0.value.id == id }).keys.min() else { return }
      if let call = running[place] {
        // A call the transport serves: it does not run unless it has started, and its turn goes.
        call.task.cancel()
        calls.host.giveUp(call.turn)
      } else {
        guard let renamed = Self.withRequestID(place, inCancellation: message) else { return }
        delivery?.yield(renamed)
      }
      cancelled[place] = unanswered.removeValue(forKey: place)
      stopsWaiting(place)
      // The server may never answer a cancelled request: only the latest ones are remembered.
      if cancelled.count > Self.cancelledKept, let oldest = cancelled.keys.min() { cancelled[oldest] = nil }
      dropped.insert(place)
      writeInOrder()
    case .other:
      delivery?.yield(message)
    case .blank:
      break
    }
  }

  /// Runs the call `message` in the session, in the turn drawn for it now, as it arrives.
  private func serve(_ message: Data, place: Int) {
    let turn = calls.host.drawTurn()
    let calls = self.calls
    let task = Task {
      let reply = await calls.reply(to: message, in: turn)
      await self.finished(place, reply: reply)
    }
    running[place] = (turn, task)
  }

  /// `message` with the value of its top-level `id` replaced by `idText`; nil when it has none.
  static func replacingID(with idText: Data, in message: Data) -> Data? {
    guard let range = TopLevelMembers(message)?.ranges["id"] else { return nil }
    var bytes = [UInt8](message)
    bytes.replaceSubrange(range, with: idText)
    return Data(bytes)
  }

  /// A reply of the server with the client's id in it; the reply as it is if it has no id.
  private static func withID(_ idText: Data, in reply: Data) -> Data {
    replacingID(with: idText, in: reply) ?? reply
  }

  /// A `notifications/cancelled` message with the request it names given by the id the server
  /// got it under, `place`; nil when it cannot be read.
  static func withRequestID(_ place: Int, inCancellation message: Data) -> Data? {
    guard case .object(var members)? = MessageKind.read(JSONForm.self, from: message),
      let params = members.firstIndex(where: { $0.key == "params" }), case .object(var parameters) = members[params].value
    else { return nil }
    parameters.removeAll { $0.key == "requestId" }
    parameters.append((key: "requestId", value: .int(place)))
    members[params].value = .object(parameters)
    // Written as `JSONForm` writes JSON, which cannot fail.
    return Data(JSONForm.object(members).text.utf8)
  }

  /// The refusal of a request that arrives while `waiting` requests of `waitingBytes` bytes wait
  /// for their replies, when one more of `arriving` bytes is past either limit; nil otherwise.
  static func busyRefusal(waiting: Int, waitingBytes: Int, arriving: Int, idText: Data) -> ProtocolRefusal? {
    guard waiting >= waitingLimit || waitingBytes + arriving > waitingByteLimit else { return nil }
    return ProtocolRefusal(
      code: ProtocolRefusal.busyCode,
      message: "Server busy: \(waiting) requests (\(waitingBytes) bytes) wait for their replies, the most it keeps is "
        + "\(waitingLimit) requests or \(waitingByteLimit >> 20) MiB; read the replies before sending more",
      idText: idText)
  }

  /// Forgets the size of the request at `place`, which no longer waits (answered or cancelled).
  private func stopsWaiting(_ place: Int) {
    if let bytes = waitingBytes.removeValue(forKey: place) { waitingByteCount -= bytes }
  }

  /// Answers a line the server does not take, in its place among the replies; out of turn, at
  /// once, when as many replies as requests may wait are waiting already (a client that floods
  /// the server while a call runs is answered as fast as it sends, and nothing piles up).
  private func refuse(_ refusal: ProtocolRefusal) {
    if early.count + unanswered.count >= Self.waitingLimit {
      streams.enqueue(refusal.reply)
      return
    }
    early[nextPlace] = refusal.reply
    nextPlace += 1
    writeInOrder()
  }

  /// Writes the replies whose turn has come, in the order their requests arrived, and ends the
  /// server's input once the input has ended and every request was answered.
  private func writeInOrder() {
    while nextToWrite < nextPlace {
      if let reply = early.removeValue(forKey: nextToWrite) {
        streams.enqueue(reply)
      } else if dropped.remove(nextToWrite) == nil {
        break
      }
      nextToWrite += 1
    }
    if inputEnded, unanswered.isEmpty {
      delivery?.finish(throwing: inputError)
      delivery = nil
    }
  }

  private func ended(with error: (any Error)?) {
    inputEnded = true
    inputError = error
    writeInOrder()
  }
}

/// The id a client gave a request, as the SDK reads it and as it was written.
private struct ClientID {
  let id: ID
  let text: Data
}
