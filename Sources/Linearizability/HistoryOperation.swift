/// One operation of a history: a client's invocation paired with its completion.
///
/// Positions order the history's events (invocations and completions) in real time: an
/// operation whose completion comes before another's invocation happened before it.
public struct HistoryOperation: Sendable {
  /// How an operation ended, as Jepsen's `:type` of its completion says.
  public enum Outcome: String, Sendable, Hashable {
    /// It happened, and its completion says what the client observed.
    case ok
    /// It did not happen (a domain may map it to an action that asserts the failure).
    case fail
    /// Indeterminate: it may have taken effect at any point after its invocation, or never. An
    /// invocation that never completed is read as one.
    case info
  }

  /// The operation's place among the history's operations, from 0.
  public let id: Int
  /// The client that ran it: Jepsen's `:process`.
  public let process: Int
  /// What it did: Jepsen's `:f` (`read`, `write`, `cas`).
  public let function: String
  /// The invocation's op map.
  public let invocation: EDNValue
  /// The completion's op map; nil when the history ends before the operation completed.
  public let completion: EDNValue?
  /// How it ended.
  public let outcome: Outcome
  /// The invocation's place among the history's events.
  public let invokedAt: Int
  /// The completion's place among the history's events; nil when it never completed.
  public let completedAt: Int?
  /// The invocation's line in its file, from 1.
  public let invocationLine: Int
  /// The completion's line in its file, from 1; nil when it never completed.
  public let completionLine: Int?

  /// Creates an operation; `completion` is nil for one the history never saw complete.
  public init(
    id: Int, process: Int, function: String, invocation: EDNValue, completion: EDNValue?, outcome: Outcome,
    invokedAt: Int, completedAt: Int?, invocationLine: Int, completionLine: Int?
  ) {
    self.id = id
    self.process = process
    self.function = function
    self.invocation = invocation
    self.completion = completion
    self.outcome = outcome
    self.invokedAt = invokedAt
    self.completedAt = completedAt
    self.invocationLine = invocationLine
    self.completionLine = completionLine
  }
}

extension HistoryOperation {
  /// The completion's `:value` when it completed with one, else the invocation's: what the
  /// client observed (a read's result) or what it asked for.
  public var value: EDNValue {
    if let observed = completion?["value"] { return observed }
    return invocation["value"] ?? .null
  }

  /// The invocation's `:value`: what the client asked for.
  public var requestedValue: EDNValue {
    invocation["value"] ?? .null
  }

  /// Any other key of the op (`:key`), from the completion when it has it, else the invocation.
  public subscript(key: String) -> EDNValue? {
    completion?[key] ?? invocation[key]
  }

  /// Whether the checker must place it: an `:info` operation may also never have happened.
  var isRequired: Bool { outcome != .info }

  /// The operation with another id, for a history made of some of another's operations.
  func renumbered(_ newID: Int) -> HistoryOperation {
    HistoryOperation(
      id: newID, process: process, function: function, invocation: invocation, completion: completion, outcome: outcome,
      invokedAt: invokedAt, completedAt: completedAt, invocationLine: invocationLine, completionLine: completionLine)
  }

  /// The operation read as indeterminate: what a history cut before its completion knows of it.
  func pending(withID newID: Int) -> HistoryOperation {
    HistoryOperation(
      id: newID, process: process, function: function, invocation: invocation, completion: nil, outcome: .info,
      invokedAt: invokedAt, completedAt: nil, invocationLine: invocationLine, completionLine: nil)
  }

  /// `read → 3`, `write 4`, `cas [1 2] (failed)`: the operation in a few words for timelines.
  public var summary: String {
    let asked = requestedValue
    var text = function
    if asked != .null { text += " \(asked)" }
    switch outcome {
    case .ok:
      if let observed = completion?["value"], observed != asked { text += " → \(observed)" }
    case .fail: text += " (failed)"
    case .info: text += completion == nil ? " (pending)" : " (indeterminate)"
    }
    return text
  }
}
