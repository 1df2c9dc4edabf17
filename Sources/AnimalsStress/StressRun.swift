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
    /// What the check found, to print: the verdict, and for a failure its shrunk witness.
    public let lines: [String]
    /// The verdict.
    public let outcome: LinearizeRun.Outcome
    /// The exit status: `LinearizeRun`'s (0 linearizable, 1 not, 2 unknown).
    public let status: Int32
    /// The shrunk witness of a failure.
    public let witness: Counterexample?
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
    let reloaded: [Animal]? = await first.perform(.reload, asking: .null) {
      let (animals, categories) = try await first.store.reloadSampleDataMutation()
      return (.map([(.keyword("animals"), .vector(animals.map(AnimalsServerModel.edn))), (.keyword("categories"), .vector(categories.map(AnimalsServerModel.edn)))]), animals)
    }
    guard reloaded != nil else {
      let reason = await recorder.lastFailure ?? "no answer"
      throw Unreachable(description: "the first request, a reload of the sample data on \(servers[0].absoluteString), did not succeed (\(reason)); start a server, e.g. `AnimalsDataServer --port 8080`, and give its URL with --server")
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
    let (lines, outcome, witness) = check(text, source: source)
    return Result(
      historyText: text, lines: lines, outcome: outcome, status: LinearizeRun.status(ofOutcomes: [outcome]), witness: witness,
      outcomes: outcomes, duration: duration)
  }
}

extension StressRun {
  /// The verdict on the history `text`, and for a failure a witness: the first animal whose
  /// projection fails by itself gives a witness about that animal alone (a lost update, a stale
  /// read of it); when none does (a fetch saw two animals at different times), the whole
  /// history's witness.
  func check(_ text: String, source: String) -> (lines: [String], outcome: LinearizeRun.Outcome, witness: Counterexample?) {
    var whole = LinearizeRun(domain: .animalsServer)
    whole.timeout = checkTimeout
    whole.explains = false
    let history: History
    do {
      history = try HistoryReader.read(text, source: source)
    } catch {
      return (["\(error)"], .malformed, nil)
    }
    let verdict = whole.check(history)
    guard verdict.outcome == .notLinearizable else { return (verdict.lines, verdict.outcome, nil) }
    let clock = ContinuousClock()
    let deadline = clock.now + (checkTimeout ?? LinearizeRun.defaultShrinkingBudget)
    for id in AnimalsServerModel.animalIDs(in: history) where clock.now < deadline {
      let projected = AnimalsServerModel.projection(of: history, on: id)
      var part = LinearizeRun(domain: LinearizabilityDomain(name: "animals-server", summary: "", model: AnimalsServerModel(only: id)))
      part.timeout = checkTimeout ?? LinearizeRun.defaultShrinkingBudget
      let report = part.check(projected)
      if report.outcome == .notLinearizable, let witness = report.failure?.witness {
        if let widened = Self.withWriter(of: witness, from: projected, domain: part.domain) {
          let header = "witness: \(widened.history.operations.count) of \(projected.operations.count) operations, \(widened.history.processes.count) of \(projected.processes.count) clients, with the write of the name it saw"
          return (verdict.lines + ["projected on the animal \(EDNValue.string(id)), it fails by itself:", header] + WitnessTimeline(widened).lines.map { "  " + $0 }, .notLinearizable, widened)
        }
        return (verdict.lines + ["projected on the animal \(EDNValue.string(id)), it fails by itself:"] + report.lines.dropFirst(), .notLinearizable, witness)
      }
    }
    var explained = whole
    explained.explains = true
    let report = explained.check(history)
    return (report.lines, report.outcome, report.failure?.witness)
  }

  /// `witness` with the add or update that asked for the name its blocked operation saw, when
  /// that is not in it already and the two still fail together: a read of a half-done update
  /// then shows the update. Every name a stress client writes is its own (`c3-17`).
  static func withWriter(of witness: Counterexample, from history: History, domain: LinearizabilityDomain) -> Counterexample? {
    guard let blocked = witness.blocked else { return nil }
    let observed = witness.history.operations[blocked].value
    guard let name = observed["name"]?.name ?? observed.elements?.first?["name"]?.name else { return nil }
    let lines = Set(witness.history.operations.map(\.invocationLine))
    guard let writer = history.operations.first(where: { $0.requestedValue["name"]?.name == name && ($0.function == "add" || $0.function == "update") }),
      !lines.contains(writer.invocationLine)
    else { return nil }
    let kept = history.operations.filter { lines.contains($0.invocationLine) || $0.invocationLine == writer.invocationLine }
    let renumbered = kept.enumerated().map { index, operation in
      HistoryOperation(
        id: index, process: operation.process, function: operation.function, invocation: operation.invocation, completion: operation.completion,
        outcome: operation.outcome, invokedAt: operation.invokedAt, completedAt: operation.completedAt,
        invocationLine: operation.invocationLine, completionLine: operation.completionLine)
    }
    guard case .notLinearizable(let widened)? = try? domain.check(History(source: history.source, operations: renumbered, eventCount: history.eventCount)) else { return nil }
    return widened
  }
}
