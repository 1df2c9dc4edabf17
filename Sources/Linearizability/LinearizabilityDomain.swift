import Foundation
import Synchronization

/// A model under a name, as `linearize --domain NAME` picks it: the type-erased checker and
/// shrinker of a `LinearizabilityModel`.
public struct LinearizabilityDomain: Sendable {
  /// What `--domain` takes.
  public let name: String
  /// One line for `--help`: the operations it knows.
  public let summary: String
  @usableFromInline let checking: @Sendable (History, LinearizeBudget) throws(HistoryError) -> Verdict
  @usableFromInline let shrinking: @Sendable (Counterexample, LinearizeBudget) -> Counterexample

  /// `model` under `name`. Inlinable, so that the checker is compiled for `Model` where the
  /// domain is made (`LinearizabilityChecker.init(model:)`).
  @inlinable public init<Model: LinearizabilityModel>(name: String, summary: String, model: Model) {
    let checker = LinearizabilityChecker(model: model)
    self.name = name
    self.summary = summary
    self.checking = { history, budget throws(HistoryError) in try checker.check(history, budget: budget) }
    self.shrinking = { counterexample, budget in checker.shrink(counterexample, budget: budget) }
  }

  /// The verdict for `history`, `.unknown` once `budget` runs out.
  public func check(_ history: History, budget: LinearizeBudget = LinearizeBudget()) throws(HistoryError) -> Verdict {
    try checking(history, budget)
  }

  /// The verdict for `history` within the default budget with `deadline`.
  public func check(_ history: History, deadline: ContinuousClock.Instant?) throws(HistoryError) -> Verdict {
    try checking(history, LinearizeBudget(deadline: deadline))
  }

  /// A smallest counterexample within `counterexample` found within `budget`.
  public func shrink(_ counterexample: Counterexample, budget: LinearizeBudget) -> Counterexample {
    shrinking(counterexample, budget)
  }

  /// A smallest counterexample within `counterexample` found by `deadline`.
  public func shrink(_ counterexample: Counterexample, deadline: ContinuousClock.Instant? = nil) -> Counterexample {
    shrinking(counterexample, LinearizeBudget(deadline: deadline))
  }
}

extension LinearizabilityDomain {
  /// A register of integers: `:read`, `:write v`, `:cas [expected new]` (Jepsen's etcd test).
  public static let register = LinearizabilityDomain(
    name: "register", summary: "one integer register: :read, :write v, :cas [expected new] (Jepsen's etcd and cas-register tests)",
    model: RegisterModel())

  /// A key-value map: `:get`, `:put`, `:append` with `:key`, checked key by key.
  public static let keyValue = LinearizabilityDomain(
    name: "kv", summary: "string keys and values: :get, :put v, :append v, each with :key; keys are checked apart",
    model: KeyValueModel())

  /// The sample models every shell offers.
  public static let samples: [LinearizabilityDomain] = [.register, .keyValue]
}

extension LinearizabilityDomain {
  /// The models the shell language's `linearize` command and MCP tool offer: the samples until
  /// a shell lists its app's own (`ReplShellApp.linearizabilityDomains`) when it starts.
  public static var shellModels: [LinearizabilityDomain] {
    offered.withLock { $0 }
  }

  /// Offers `domains` to the shell language's `linearize` from now on (the first is its
  /// default); an empty list leaves the samples.
  public static func offerInShell(_ domains: [LinearizabilityDomain]) {
    guard !domains.isEmpty else { return }
    offered.withLock { $0 = domains }
  }

  /// The list behind `shellModels`, set once at start-up and read by any thread that runs a command.
  private static let offered = Mutex(samples)
}
