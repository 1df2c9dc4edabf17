import Foundation
import HummingbirdWebSocket
import Scenarios
import SessionProtocol

/// One open page: sends it the kept events and then each new one, the history's position when it
/// may have moved, and answers its requests: command lines run through the shell's own path,
/// children of a state path, searches. Everything it writes goes through one queue, in order.
struct InspectorConnection: Sendable {
  let log: InspectorEventLog
  let session: any InspectionSource
  /// The most bytes that may wait for the page (`PageOutbox`).
  var queueLimit = PageOutbox.defaultLimit

  /// The most events one message of the backlog carries.
  static let batchSize = 500

  /// How one of the connection's tasks ended.
  private enum Ending: Sendable {
    /// The page closed the socket, or broke the protocol (the error the library closes it with).
    case pageLeft((any Error)?)
    /// More than `queueLimit` bytes waited for the page.
    case overflowed
    /// A task whose end does not end the connection (the session's events stopped).
    case finished
  }

  /// Serves the page until it closes the socket, the inspector stops, or it leaves more than
  /// `queueLimit` bytes unread — then it is closed with 1008 and one line on standard error. Its
  /// first message carries where the history is, read once as the page connects: the page shows
  /// the domain, the history and what it may run there (a live store's refusals) before any
  /// event arrives. A frame that breaks the protocol ends the page's connection with the error the
  /// WebSocket library closes it with (1002, 1007, 1009), rethrown once the connection's work has
  /// stopped.
  func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
    let outbox = PageOutbox(limit: queueLimit)
    let attached = log.attach()
    let ending = await withTaskGroup(of: Ending.self) { group -> Ending in
      group.addTask {
        for await text in outbox.messages {
          do { try await outbound.write(.text(text)) } catch { return .finished }
          outbox.delivered(text)
        }
        return .finished
      }
      group.addTask {
        for await _ in outbox.overflows { return .overflowed }
        return .finished
      }
      let firstHistory = await session.history()
      outbox.send(InspectorReply.json(InspectorReply.Hello(limit: log.limit, dropped: attached.dropped, history: firstHistory)))
      for start in stride(from: 0, to: attached.backlog.count, by: Self.batchSize) {
        let batch = attached.backlog[start..<min(start + Self.batchSize, attached.backlog.count)]
        outbox.send("{\"type\": \"batch\", \"events\": [" + batch.joined(separator: ", ") + "]}")
      }
      // Said again after the backlog: the page marks the current entry among the events it drew.
      outbox.send(InspectorReply.json(firstHistory))
      // Events go out as they come; the history's position is read on the main actor apart,
      // so that a long read there (a 64k state encoded for the tree) never holds an event back.
      let (historyMoves, historyMoved) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
      group.addTask {
        for await item in attached.live {
          outbox.send(item.json)
          if item.movesHistory { historyMoved.yield() }
        }
        historyMoved.finish()
        return .finished
      }
      group.addTask {
        var lastHistory = firstHistory
        for await _ in historyMoves {
          let history = await session.history()
          if history != lastHistory {
            lastHistory = history
            outbox.send(InspectorReply.json(history))
          }
        }
        return .finished
      }
      group.addTask {
        do {
          for try await message in inbound.messages(maxSize: 1 << 20) {
            guard case .text(let text) = message else { continue }
            for reply in await Self.replies(to: text, from: session) { outbox.send(reply) }
          }
        } catch {
          return .pageLeft(error)
        }
        return .pageLeft(nil)
      }
      var ending = Ending.finished
      while let next = await group.next() {
        if case .finished = next { continue }
        ending = next
        break
      }
      group.cancelAll()
      outbox.finish()
      return ending
    }
    switch ending {
    case .pageLeft(let fault?):
      throw fault
    case .overflowed:
      let notice = "replshell: the inspector closed a page that left more than \(queueLimit) bytes of messages unread\n"
      FileHandle.standardError.write(Data(notice.utf8))
      try await outbound.close(.policyViolation, reason: "more than \(queueLimit) bytes left unread")
    case .pageLeft(nil), .finished:
      break
    }
  }

  /// The replies to one text message of the page: the answers to the request it carries, or
  /// the refusal of what is not a request. The WebSocket fuzz target (`Fuzz/`) calls it too.
  static func replies(to text: String, from session: any InspectionSource) async -> [String] {
    if let request = InspectorViewRequest.decode(text) {
      if let refusal = request.refusal { return [InspectorReply.json(InspectorReply.Failed(id: request.id, message: refusal))] }
      return [await session.answerView(request)]
    }
    let request: InspectorRequest
    do {
      request = try JSONDecoder().decode(InspectorRequest.self, from: Data(text.utf8))
    } catch {
      // What was wrong with it is said: the page's own messages always decode.
      return [
        InspectorReply.json(InspectorReply.Failed(id: -1, message: "not a request the inspector knows (\(reason(error))): \(text.prefix(80))"))
      ]
    }
    // Answered in order: a `run` waits its turn with the lines typed at the terminal.
    return await session.answer(request)
  }

  /// What is wrong with a message that does not decode, in a few words.
  private static func reason(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .keyNotFound(let key, _)?: "no `\(key.stringValue)`"
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?: context.debugDescription
    default: String(describing: error)
    }
  }
}
