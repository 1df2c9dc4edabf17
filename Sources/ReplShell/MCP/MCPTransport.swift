import Foundation
import Logging
import MCP
import Scenarios

/// The MCP server's transport: lines from `StandardStreams` go to the SDK's server as they
/// arrive, and the replies go out in the order their requests arrived.
///
/// The order in which calls run is the session host's: the SDK handles each request in a task of
/// its own, and those tasks start in no fixed order, so each request that reaches the session (a
/// tool call, a resource read) draws its turn from the `SessionHost` here, as it arrives, and
/// carries it to its handler in `params._meta` (`TurnStamps`). A `history` sent right behind a
/// `dispatch` therefore runs after it, whichever handler starts first.
///
/// Every line is sorted first (`MessageKind`): what the server would answer with a made-up id,
/// or never (a line that is not JSON, one over the limit, a batch, an id MCP does not allow), the
/// transport answers itself, in its place among the replies; the server only ever gets requests it
/// answers with their own id. A request cancelled by the client gives up its turn and its place
/// among the replies. The input ends for the server once every request was answered.
actor MCPTransport: Transport {
  private let streams: StandardStreams
  private let lineLimit: Int
  private let host: SessionHost
  private let stamps: TurnStamps
  nonisolated let logger = Logger(label: "replshell.mcp.transport", factory: { _ in SwiftLogNoOpLogHandler() })
  /// The place the next line that gets a reply takes among the replies.
  private var nextPlace = 0
  /// The place whose reply goes out next.
  private var nextToWrite = 0
  /// The places of the requests the server has not answered yet, by id (oldest first: a client
  /// may reuse an id).
  private var unanswered: [ID: [Int]] = [:]
  /// Replies that came before their place, and places whose reply will never come (cancelled).
  private var early: [Int: Data] = [:]
  private var dropped: Set<Int> = []
  /// The host turns drawn for the requests not answered yet, by place.
  private var turns: [Int: SessionHost.Turn] = [:]
  private var inputEnded = false
  private var inputError: (any Error)?
  private var delivery: AsyncThrowingStream<Data, any Error>.Continuation?
  private var reader: Task<Void, Never>?

  /// Serves the lines `streams` reads, each at most `lineLimit` bytes, and writes the replies to
  /// it; the calls take their turns in `host`, carried to the handlers through `stamps`.
  init(_ streams: StandardStreams, lineLimit: Int, host: SessionHost, stamps: TurnStamps) {
    self.streams = streams
    self.lineLimit = lineLimit
    self.host = host
    self.stamps = stamps
  }

  func connect() async throws {}

  func disconnect() async {
    reader?.cancel()
  }

  func send(_ data: Data) async throws {
    guard let id = MessageKind.responseID(of: data), var places = unanswered[id], !places.isEmpty else {
      // A notification, or the late reply to a request the client cancelled.
      try await streams.write(data)
      return
    }
    let place = places.removeFirst()
    unanswered[id] = places.isEmpty ? nil : places
    // A request refused before it reached the session gives its turn up; a served one has finished it.
    if let turn = turns.removeValue(forKey: place) {
      stamps.discard(place: place)
      host.giveUp(turn)
    }
    early[place] = data
    writeInOrder()
    // The reply may wait for an earlier one; a write that failed is the server's to hear of.
    try await streams.flush()
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
      nextPlace += 1
      unanswered[id, default: []].append(place)
      delivery?.yield(stampedWithTurn(message, place: place))
    case .refused(let refusal):
      refuse(refusal)
    case .cancellation(let id):
      delivery?.yield(message)
      // A cancelled request may never be answered: its place is dropped, and its turn given up
      // unless it has started.
      if var places = unanswered[id], !places.isEmpty {
        let place = places.removeFirst()
        unanswered[id] = places.isEmpty ? nil : places
        if let turn = turns.removeValue(forKey: place) {
          stamps.discard(place: place)
          host.giveUp(turn)
        }
        dropped.insert(place)
        writeInOrder()
      }
    case .other:
      delivery?.yield(message)
    case .blank:
      break
    }
  }

  /// `message` with a turn drawn for it when it is a call that reaches the session.
  private func stampedWithTurn(_ message: Data, place: Int) -> Data {
    guard TurnStamps.reachesSession(message) else { return message }
    let turn = host.drawTurn()
    guard let stamped = stamps.stamp(message, place: place, turn: turn) else {
      // Not a message the stamp fits (the server will refuse its parameters): nothing waits for it.
      host.giveUp(turn)
      return message
    }
    turns[place] = turn
    return stamped
  }

  private func refuse(_ refusal: ProtocolRefusal) {
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
