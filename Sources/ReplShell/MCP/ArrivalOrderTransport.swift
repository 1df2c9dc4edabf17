import Foundation
import Logging
import MCP

/// The MCP server's transport: lines from `StandardStreams`, handed to the SDK's server one
/// request at a time, in the order the requests arrived, and the next only once the previous one
/// is answered. The server handles each request in a task of its own and those tasks start in no
/// fixed order, so without this a `history` sent right behind a `dispatch` (before its reply)
/// could run first.
///
/// Every line is sorted first (`MessageKind`): what the server would answer with a made-up id,
/// or never (a line that is not JSON, one over the limit, a batch, an id MCP does not allow), the
/// transport answers itself, in its turn, with the JSON-RPC error and id JSON-RPC 2.0 asks for;
/// the server only ever gets requests it answers with their own id, so no request waits for a
/// reply that never comes. Notifications pass at once, so a cancellation reaches the request it
/// cancels and lets the next one go; a cancelled request that has not been handed over yet is
/// dropped. The input ends for the server once every request was answered.
actor ArrivalOrderTransport: Transport {
  /// A line that waits for its turn.
  private enum Turn {
    /// A request for the server, with its id.
    case request(ID, Data)
    /// A refusal the transport answers itself.
    case refusal(ProtocolRefusal)
  }

  private let streams: StandardStreams
  private let lineLimit: Int
  nonisolated let logger = Logger(label: "replshell.mcp.transport", factory: { _ in SwiftLogNoOpLogHandler() })
  private var waiting: [Turn] = []
  /// The id of the request the server has and has not answered yet.
  private var inProgress: ID?
  private var inputEnded = false
  private var inputError: (any Error)?
  private var delivery: AsyncThrowingStream<Data, any Error>.Continuation?
  private var reader: Task<Void, Never>?

  /// Serves the lines `streams` reads, each at most `lineLimit` bytes, and writes the replies to it.
  init(_ streams: StandardStreams, lineLimit: Int) {
    self.streams = streams
    self.lineLimit = lineLimit
  }

  func connect() async throws {}

  func disconnect() async {
    reader?.cancel()
  }

  func send(_ data: Data) async throws {
    try await streams.write(data)
    if let id = MessageKind.responseID(of: data), id == inProgress {
      inProgress = nil
      handOver()
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
      waiting.append(.refusal(.overLimit(byteCount: byteCount, limit: lineLimit)))
      handOver()
    case .line(let message):
      arrived(message)
    }
  }

  private func arrived(_ message: Data) {
    switch MessageKind(message) {
    case .request(let id):
      waiting.append(.request(id, message))
      handOver()
    case .refused(let refusal):
      waiting.append(.refusal(refusal))
      handOver()
    case .cancellation(let id):
      delivery?.yield(message)
      waiting.removeAll {
        if case .request(id, _) = $0 { true } else { false }
      }
      // A request cancelled before its handler started is never answered.
      if id == inProgress {
        inProgress = nil
        handOver()
      }
    case .other:
      delivery?.yield(message)
    case .blank:
      break
    }
  }

  private func ended(with error: (any Error)?) {
    inputEnded = true
    inputError = error
    handOver()
  }

  /// Gives the server the next waiting request when it has none in hand, answering the refusals
  /// before it on the way, and ends its input once nothing is waiting or in hand.
  private func handOver() {
    while inProgress == nil, !waiting.isEmpty {
      switch waiting.removeFirst() {
      case .refusal(let refusal):
        streams.enqueue(refusal.reply)
      case .request(let id, let message):
        inProgress = id
        delivery?.yield(message)
      }
    }
    if inProgress == nil, inputEnded {
      delivery?.finish(throwing: inputError)
      delivery = nil
    }
  }
}
