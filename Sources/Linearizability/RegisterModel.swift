/// A single register of integers with reads, writes and compare-and-set, as Jepsen's etcd and
/// cas-register tests drive it: `:read` (`nil` in, the value or `nil` out), `:write v` and
/// `:cas [expected new]`.
///
/// A `:fail`ed cas is an observation here (the compare lost: the register did not hold
/// `expected`), as Jepsen's etcd client reports it; a timed-out cas is `:info`, which may or may
/// not have happened. Failed and indeterminate reads and failed writes have no effect.
public struct RegisterModel: LinearizabilityModel {
  /// What the register holds: nil before the first write.
  public typealias State = Int?

  /// A register operation, with what its client observed.
  public enum Action: Sendable, Hashable, CustomStringConvertible {
    case read(observed: Int?)
    case write(Int)
    /// `succeeded` is nil when the client does not know.
    case compareAndSet(expected: Int, new: Int, succeeded: Bool?)

    public var description: String {
      switch self {
      case .read(let observed): "read → \(observed.map(String.init) ?? "nil")"
      case .write(let value): "write \(value)"
      case .compareAndSet(let expected, let new, let succeeded):
        "cas \(expected)→\(new)" + (succeeded.map { $0 ? " (succeeded)" : " (failed)" } ?? " (indeterminate)")
      }
    }
  }

  /// Why an action cannot happen in a state; its words are made only when printed.
  public enum Violation: Error, CustomStringConvertible {
    case readSaw(Int?, holding: Int?)
    case casSucceeded(expected: Int, holding: Int?)
    case casFailed(expected: Int)

    public var description: String {
      switch self {
      case .readSaw(let observed, let held): "the read saw \(RegisterModel.show(observed)) but the register holds \(RegisterModel.show(held))"
      case .casSucceeded(let expected, let held): "the cas succeeded but the register holds \(RegisterModel.show(held)), not \(expected)"
      case .casFailed(let expected): "the cas failed but the register holds \(expected), so it would have succeeded"
      }
    }
  }

  public init() {}

  public var initialState: Int? { nil }

  public func action(for operation: HistoryOperation) throws(OperationError) -> Action? {
    switch operation.function {
    case "read":
      guard operation.outcome == .ok else { return nil }
      switch operation.value {
      case .null: return .read(observed: nil)
      case .integer(let value): return .read(observed: value)
      case let other: throw OperationError("a read's :value is an integer or nil, not `\(other)`")
      }
    case "write":
      guard operation.outcome != .fail else { return nil }
      guard let value = operation.requestedValue.integer else {
        throw OperationError("a write's :value is the integer written, not `\(operation.requestedValue)`")
      }
      return .write(value)
    case "cas":
      guard let pair = operation.requestedValue.elements, pair.count == 2, let expected = pair[0].integer, let new = pair[1].integer else {
        throw OperationError("a cas's :value is [expected new], two integers, not `\(operation.requestedValue)`")
      }
      let succeeded: Bool? = switch operation.outcome {
      case .ok: true
      case .fail: false
      case .info: nil
      }
      return .compareAndSet(expected: expected, new: new, succeeded: succeeded)
    default:
      throw OperationError("the register knows :read, :write and :cas; use --domain kv for :get, :put and :append")
    }
  }

  public func reduce(_ state: Int?, _ action: Action) throws(Violation) -> Int? {
    switch action {
    case .read(let observed):
      guard observed == state else { throw .readSaw(observed, holding: state) }
      return state
    case .write(let value):
      return value
    case .compareAndSet(let expected, let new, let succeeded):
      let matches = state == expected
      if let succeeded, succeeded != matches {
        throw succeeded ? .casSucceeded(expected: expected, holding: state) : .casFailed(expected: expected)
      }
      return matches ? new : state
    }
  }

  static func show(_ value: Int?) -> String {
    value.map(String.init) ?? "nothing"
  }
}
