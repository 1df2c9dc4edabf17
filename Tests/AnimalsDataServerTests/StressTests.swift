import AnimalsData
import AnimalsDataServerCore
import AnimalsDataServerPostgres
import AnimalsStress
import Foundation
import Linearizability
import TestSupport
import Testing

/// `replshell stress`'s run: concurrent clients of the remote store against servers on one
/// PostgreSQL database, their history checked against `AnimalsServerModel`.
@Suite(.postgresCluster, .timeLimit(.minutes(10))) struct StressTests {
  /// How long a client waits for the server's answer: a bound for a hung build, not a measure. At
  /// the product's 10 s, a loaded machine's stall turned answers the test expects into `:info`.
  static let requestBound: TimeInterval = 120

  @Test func todaysServerPassesARunOfFourClientsOverTwoServersOnOneDatabase() async throws {
    let database = ServerDatabase.postgres(url: try await PostgresCluster.required().createDatabase())
    try await withServer(on: database) { first in
      try await withServer(on: database) { second in
        var run = StressRun(servers: [first.apiURL, second.apiURL], seed: 42)
        run.requestTimeout = Self.requestBound
        run.clients = 4
        run.operations = 100
        let result = try await run.run()
        #expect(result.status == 0, "\(result.lines.joined(separator: "\n"))")
        #expect(result.outcome == .linearizable)
        let recorded: Int = result.outcomes.values.reduce(0, +)
        let acknowledged: Int = result.outcomes[.ok] ?? 0
        let refused: Int = result.outcomes[.fail] ?? 0
        #expect(recorded == 401)
        // The run exercised every kind of answer: acknowledged operations and the server's refusals.
        #expect(acknowledged > 200)
        #expect(refused > 0)
        #expect(result.historyText.contains(":error :animal-not-found"))
        #expect(result.historyText.contains(":error :category-not-found"))
      }
    }
  }

  @Test func anUpdateInTwoStatementsOutsideATransactionIsFoundAndShrunk() async throws {
    try await Self.withPlantedServer { server in
      var run = StressRun(servers: [server.apiURL], seed: 7)
      run.requestTimeout = Self.requestBound
      run.clients = 4
      run.operations = 100
      let result = try await run.run()
      print(result.lines.joined(separator: "\n"))
      #expect(result.status == 1)
      #expect(result.outcome == .notLinearizable)
      let witness = try #require(result.witness)
      // Shrunk to a handful of operations: the buggy update and what saw its halfway state.
      #expect(witness.history.operations.count <= 6, "\(result.lines.joined(separator: "\n"))")
      #expect(witness.history.operations.contains { $0.function == "update" })
      #expect(result.lines.contains { $0.hasPrefix("witness") })
    }
  }

  @Test func theCommandExitsOneAndDrawsTheWitnessPerClientAndSavesTheHistory() async throws {
    let replshell = try ReplShellBinary.url
    try await Self.withPlantedServer { server in
      try await withTemporaryDirectory { folder in
        let output = folder.appending(path: "output.txt").path
        let saved = folder.appending(path: "history.edn").path
        let status = try await ChildProcess.run(
          replshell.path,
          ["stress", "--server", server.url.absoluteString, "--clients", "4", "--operations", "100", "--seed", "11", "--save", saved, "--request-timeout", "\(Int(Self.requestBound))"],
          outputPath: output, timeout: .seconds(180))
        let printed = try String(contentsOfFile: output, encoding: .utf8)
        #expect(status == 1, "\(printed)")
        #expect(printed.hasPrefix("stress: seed 11; 4 clients × 100 operations over 1 server"))
        #expect(printed.contains("saved the history to \(saved)"))
        #expect(printed.contains("not linearizable"))
        // The witness is drawn as a column per client.
        #expect(printed.contains("witness"))
        #expect(printed.contains("┌ update"))
        #expect(printed.contains("cannot place: "))
        let history = try HistoryReader.read(contentsOf: saved)
        #expect(history.operations.count == 401)
        // Read back, the saved file fails the same check.
        #expect(LinearizeRun(domain: .animalsServer).check(history).outcome == .notLinearizable)
      }
    }
  }

  /// Runs `body` against a server whose store updates in two steps outside a transaction, on a
  /// fresh PostgreSQL database; stops the server whether `body` succeeded or threw.
  private static func withPlantedServer(_ body: (RunningServer) async throws -> Void) async throws {
    let url = try await PostgresCluster.required().createDatabase()
    let store = PostgresStore(url: try DatabaseURL(url), connectTimeout: .seconds(60), logger: RunningServer.silentLogger)
    let planted = AnimalsServerBackend(store: TwoStatementUpdateStore(base: store), services: [store], prepare: store.prepare)
    let server = try await RunningServer.start(backend: planted)
    do {
      try await body(server)
      await server.stop()
    } catch {
      await server.stop()
      throw error
    }
  }

  @Test func theRecordedHistoryReadsBackAndChecksAsTheRunDid() async throws {
    let database = ServerDatabase.postgres(url: try await PostgresCluster.required().createDatabase())
    try await withServer(on: database) { server in
      var run = StressRun(servers: [server.apiURL], seed: 3)
      run.requestTimeout = Self.requestBound
      run.clients = 2
      run.operations = 30
      let result = try await run.run()
      let history = try HistoryReader.read(result.historyText, source: "saved")
      #expect(history.operations.count == 1 + 2 * 30)
      #expect(history.operations.first?.function == "reload")
      #expect(history.processes == [0, 1])
      #expect(LinearizeRun(domain: .animalsServer).check(history).outcome == .linearizable)
    }
  }
}
