import Foundation
import Logging
import MCP

/// A transport that hands the server one request at a time, in the order the requests arrived,
/// and the next only once the previous one is answered. The server handles each request in a
/// task of its own and those tasks start in no fixed order, so without this a `history` sent
/// right behind a `dispatch` (before its reply) could run first. Notifications pass at once, so
/// a cancellation reaches the request it cancels and lets the next one go; a cancelled request
/// that has not been handed over yet is dropped. The input ends for the server only once every request was answered.
actor ArrivalOrderTransport: Transport {
  private let wrapped: any Transport
  nonisolated let logger: Logger
  private var waiting: [(id: String, message: Data)] = []
  /// The id of the request the server has and has not answered yet.
  private var inProgress: String?
  private var inputEnded = false
  private var inputError: (any Error)?
  private var delivery: AsyncThrowingStream<Data, any Error>.Continuation?
  private var reader: Task<Void, Never>?

  /// Wraps `transport`, which does the reading and writing.
  init(_ transport: StdioTransport) {
    wrapped = transport
    logger = transport.logger
  }

  func connect() async throws {
    try await wrapped.connect()
  }

  func disconnect() async {
    reader?.cancel()
    await wrapped.disconnect()
  }

  func send(_ data: Data) async throws {
    try await wrapped.send(data)
    if let id = MessageKind.responseID(of: data), id == inProgress {
      inProgress = nil
      handOver()
    }
  }

  func receive() -> AsyncThrowingStream<Data, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self, throwing: (any Error).self)
    delivery = continuation
    let wrapped = wrapped
    reader = Task {
      do {
        for try await message in await wrapped.receive() {
          self.arrived(message)
        }
        self.ended(with: nil)
      } catch {
        self.ended(with: error)
      }
    }
    return stream
  }

  private func arrived(_ message: Data) {
    switch MessageKind(message) {
    case .request(let id):
      waiting.append((id, message))
      handOver()
    case .cancellation(let id):
      delivery?.yield(message)
      waiting.removeAll { $0.id == id }
      // A request cancelled before its handler started is never answered.
      if id == inProgress {
        inProgress = nil
        handOver()
      }
    case .other:
      delivery?.yield(message)
    }
  }

  private func ended(with error: (any Error)?) {
    inputEnded = true
    inputError = error
    handOver()
  }

  /// Gives the server the next waiting request when it has none in hand, and ends its input
  /// once nothing is waiting or in hand.
  private func handOver() {
    guard inProgress == nil else { return }
    if !waiting.isEmpty {
      let next = waiting.removeFirst()
      inProgress = next.id
      delivery?.yield(next.message)
    } else if inputEnded {
      delivery?.finish(throwing: inputError)
      delivery = nil
    }
  }
}
