import Foundation
import HummingbirdWebSocket
import Scenarios

/// One open page: sends it the kept events and then each new one, the history's position when it
/// may have moved, and answers its requests: command lines run through the shell's own path,
/// children of a state path, searches. Everything it writes goes through one queue, in order.
struct InspectorConnection: Sendable {
  let log: InspectorEventLog
  let session: any InspectionSource

  /// The most events one message of the backlog carries.
  static let batchSize = 500

  /// Serves the page until it closes the socket or the inspector stops. Its first message carries
  /// where the history is, read once as the page connects: the page shows the domain, the
  /// history and what it may run there (a live store's refusals) before any event arrives.
  /// A frame that breaks the protocol ends the page's connection with the error the WebSocket
  /// library closes it with (1002, 1007, 1009), rethrown once the connection's work has stopped.
  func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
    var fault: (any Error)?
    let (outgoing, send) = AsyncStream<String>.makeStream(bufferingPolicy: .unbounded)
    let attached = log.attach()
    fault = await withTaskGroup(of: Void.self) { group -> (any Error)? in
      var fault: (any Error)?
      group.addTask {
        for await text in outgoing {
          do { try await outbound.write(.text(text)) } catch { return }
        }
      }
      let firstHistory = await session.history()
      send.yield(InspectorReply.json(InspectorReply.Hello(limit: log.limit, dropped: attached.dropped, history: firstHistory)))
      for start in stride(from: 0, to: attached.backlog.count, by: Self.batchSize) {
        let batch = attached.backlog[start..<min(start + Self.batchSize, attached.backlog.count)]
        send.yield("{\"type\": \"batch\", \"events\": [" + batch.joined(separator: ", ") + "]}")
      }
      // Said again after the backlog: the page marks the current entry among the events it drew.
      send.yield(InspectorReply.json(firstHistory))
      // Events go out as they come; the history's position is read on the main actor apart,
      // so that a long read there (a 64k state encoded for the tree) never holds an event back.
      let (historyMoves, historyMoved) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
      group.addTask {
        for await item in attached.live {
          send.yield(item.json)
          if item.movesHistory { historyMoved.yield() }
        }
        historyMoved.finish()
      }
      group.addTask {
        var lastHistory = firstHistory
        for await _ in historyMoves {
          let history = await session.history()
          if history != lastHistory {
            lastHistory = history
            send.yield(InspectorReply.json(history))
          }
        }
      }
      do {
        for try await message in inbound.messages(maxSize: 1 << 20) {
          guard case .text(let text) = message else { continue }
          for reply in await Self.replies(to: text, from: session) { send.yield(reply) }
        }
      } catch {
        fault = error
      }
      group.cancelAll()
      send.finish()
      return fault
    }
    if let fault { throw fault }
  }

  /// The replies to one text message of the page: the answers to the request it carries, or
  /// the refusal of what is not a request. The WebSocket fuzz target (`Fuzz/`) calls it too.
  static func replies(to text: String, from session: any InspectionSource) async -> [String] {
    if let request = InspectorViewRequest.decode(text) {
      if let refusal = request.refusal { return [InspectorReply.json(InspectorReply.Failed(id: request.id, message: refusal))] }
      return [await session.answerView(request)]
    }
    guard let request = try? JSONDecoder().decode(InspectorRequest.self, from: Data(text.utf8)) else {
      return [InspectorReply.json(InspectorReply.Failed(id: -1, message: "not a request the inspector knows: \(text.prefix(80))"))]
    }
    // Answered in order: a `run` waits its turn with the lines typed at the terminal.
    return await session.answer(request)
  }
}
