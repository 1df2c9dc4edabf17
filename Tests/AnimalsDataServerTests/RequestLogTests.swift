import AnimalsData
import AnimalsDataServerCore
import Foundation
import Logging
import TestSupport
import Testing

/// The server logs one line per answered request, and at debug level each operation and its outcome.
@Suite(.postgresCluster, .timeLimit(.minutes(10))) struct RequestLogTests {
  /// The messages logged by the Animals server (not by Hummingbird or ServiceLifecycle), in order.
  final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
      self.lock.withLock { self.lines.append(line) }
    }

    var all: [String] {
      self.lock.withLock { self.lines }
    }
  }

  /// A log handler that keeps the server's messages in a shared `LogLines`; a value, as swift-log
  /// expects, so per-request metadata stays per request.
  struct CapturingLogHandler: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .debug

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { self.metadata[key] }
      set { self.metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      guard event.source == "AnimalsDataServerCore" else { return }
      self.lines.append("\(event.level) \(event.message)")
    }
  }

  @Test(arguments: Backend.allCases) func eachRequestIsLoggedWithItsStatusAndEachOperationWithItsOutcome(_ backend: Backend) async throws {
    let lines = LogLines()
    let logger = Logger(label: "AnimalsDataServer") { _ in CapturingLogHandler(lines: lines) }
    try await withServer(backend, logger: logger) { server in
      _ = try await HTTPExchange.post(#"{"query": [{"categories": {}}]}"#, to: server.apiURL)
      _ = try await HTTPExchange.post(#"{"mutation": [{"deleteAnimal": {"animalId": "Unicorn"}}]}"#, to: server.apiURL)
      _ = try await HTTPExchange.send(nil, to: server.apiURL, method: "GET")
    }
    #expect(
      lines.all == [
        "debug fetchCategoriesQuery()",
        "debug fetchCategoriesQuery() → 6 categories",
        "info POST /animals/api → 200",
        #"debug deleteAnimalMutation(animalId: "Unicorn")"#,
        #"debug deleteAnimalMutation(animalId: "Unicorn") → failure: LocalStore.Error(code: .animalNotFound, id: "Unicorn")"#,
        "info POST /animals/api → 404",
        "info GET /animals/api → 405",
      ]
    )
  }
}
