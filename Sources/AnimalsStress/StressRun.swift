import AnimalsData
import Foundation
import Linearizability

/// Drives concurrent clients of the Animals remote store against running servers, records
/// their history in Jepsen's format, and checks it against `AnimalsServerModel`.
///
/// The run starts with a reload of the sample data (client 0's first operation, before the
/// others start), so the history begins from a state the model knows; then each client runs
/// its operations, spread over the servers in turn (client `i` talks to server `i % count`).
public struct StressRun: Sendable {
  /// The servers' API endpoints (`http://127.0.0.1:8080/animals/api`).
  public var servers: [URL]
  /// How many clients run at once.
  public var clients = 4
  /// How many operations each client runs (after the first reload).
  public var operations = 100
  /// The seed every client's operations are drawn from.
  public var seed: UInt64
  /// How long a request may wait for an answer before it is recorded as `:info` (seconds).
  public var requestTimeout: TimeInterval = 10
  /// The check's time budget; nil for no limit.
  public var checkTimeout: Duration?

  /// A run against `servers`, seeded `seed`.
  public init(servers: [URL], seed: UInt64) {
    self.servers = servers
    self.seed = seed
  }

  /// What a run recorded and what the check found.
  public struct Result: Sendable {
    /// The history as written to the file: one op map per line.
    public let historyText: String
    /// The check's report (its lines are what to print).
    public let report: LinearizeRun.Report
    /// The exit status: `LinearizeRun`'s (0 linearizable, 1 not, 2 unknown).
    public let status: Int32
    /// How many operations ended `:ok`, `:fail` and `:info`.
    public let outcomes: [HistoryOperation.Outcome: Int]
    /// How long the clients ran.
    public let duration: Duration
  }

  /// Why a run could not start: the first server did not answer the reload.
  public struct Unreachable: Error, CustomStringConvertible {
    public let description: String
  }

  /// Runs the clients, then checks their history; `source` names it in the report (the file
  /// it is saved to).
  public func run(source: String = "stress history") async throws(Unreachable) -> Result {
    let recorder = HistoryRecorder()
    let clock = ContinuousClock()
    let start = clock.now
    let first = StressClient(process: 0, url: servers[0], timeout: requestTimeout, recorder: recorder)
    let reloaded = await first.perform(.reload, asking: .null) { () async throws -> (EDNValue, Void) in
      let (animals, categories) = try await first.store.reloadSampleDataMutation()
      return (.map([(.keyword("animals"), .vector(animals.map(AnimalsServerModel.edn))), (.keyword("categories"), .vector(categories.map(AnimalsServerModel.edn)))]), ())
    }
    guard reloaded != nil else {
      let line = await recorder.lines.last ?? ""
      throw Unreachable(description: "the first request, a reload of the sample data on \(servers[0].absoluteString), did not succeed (\(line)); start a server, e.g. `AnimalsDataServer --port 8080`, and give its URL with --server")
    }
    await withTaskGroup(of: Void.self) { group in
      for process in 0..<clients {
        let client = StressClient(process: process, url: servers[process % servers.count], timeout: requestTimeout, recorder: recorder)
        let count = operations
        let seed = seed
        group.addTask {
          var random = StressRandom(seed: seed, process: process)
          await client.run(count, random: &random)
        }
      }
    }
    let duration = clock.now - start
    let text = await recorder.text
    let outcomes = await recorder.counts
    var checker = LinearizeRun(domain: .animalsServer)
    checker.timeout = checkTimeout
    let report = checker.check(text: text, source: source)
    return Result(historyText: text, report: report, status: LinearizeRun.status(of: [report]), outcomes: outcomes, duration: duration)
  }
}
