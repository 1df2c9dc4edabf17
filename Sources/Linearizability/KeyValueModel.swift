/// A map of string keys to string values with `:get`, `:put` and `:append`, each op naming its
/// `:key` (as Porcupine's key-value histories do); a missing key reads as "". Operations on
/// different keys are checked apart.
public struct KeyValueModel: LinearizabilityModel {
  /// The values of the keys written so far. Checked key by key, a state holds one key, so it
  /// is kept without a dictionary to copy at each step.
  public enum State: Hashable, Sendable {
    case empty
    case one(key: String, value: String)
    case many([String: String])

    /// The value of `key`: "" when it was never written.
    public subscript(key: String) -> String {
      switch self {
      case .empty: ""
      case .one(let held, let value): held == key ? value : ""
      case .many(let values): values[key] ?? ""
      }
    }

    /// The state with `key` holding `value`.
    func setting(_ key: String, to value: String) -> State {
      switch self {
      case .empty: return .one(key: key, value: value)
      case .one(let held, let old):
        return held == key ? .one(key: key, value: value) : .many([held: old, key: value])
      case .many(var values):
        values[key] = value
        return .many(values)
      }
    }
  }

  /// A key-value operation, with what its client observed.
  public enum Action: Sendable, Hashable, CustomStringConvertible {
    case get(key: String, observed: String)
    case put(key: String, value: String)
    case append(key: String, value: String)

    public var description: String {
      switch self {
      case .get(let key, let observed): "get \(EDNValue.quoted(key)) → \(EDNValue.quoted(observed))"
      case .put(let key, let value): "put \(EDNValue.quoted(key)) \(EDNValue.quoted(value))"
      case .append(let key, let value): "append \(EDNValue.quoted(key)) \(EDNValue.quoted(value))"
      }
    }
  }

  /// Why an action cannot happen in a state: a get saw another value than the key holds.
  public struct Violation: Error, CustomStringConvertible {
    let key: String
    let observed: String
    let held: String

    public var description: String {
      "the get saw \(EDNValue.quoted(observed)) but \(EDNValue.quoted(key)) holds \(EDNValue.quoted(held))"
    }
  }

  /// Whether keys are checked apart (the default); false checks every key together.
  public let partitionsByKey: Bool

  public init(partitionsByKey: Bool = true) {
    self.partitionsByKey = partitionsByKey
  }

  public var initialState: State { .empty }

  /// False: a step is a string comparison or two, cheaper than looking its answer up.
  public var cachesReducerAnswers: Bool { false }

  public func partition(of operation: HistoryOperation) -> EDNValue? {
    partitionsByKey ? operation["key"] : nil
  }

  public func action(for operation: HistoryOperation) throws(OperationError) -> Action? {
    guard let key = Self.text(operation["key"]) else {
      throw OperationError("a key-value op names its key, such as `:key \"x\"`; found `\(operation["key"] ?? .null)`")
    }
    switch operation.function {
    case "get":
      guard operation.outcome == .ok else { return nil }
      return .get(key: key, observed: Self.text(operation.value) ?? "")
    case "put", "append":
      guard operation.outcome != .fail else { return nil }
      guard let value = Self.text(operation.requestedValue) else {
        throw OperationError("a \(operation.function)'s :value is a string or number, not `\(operation.requestedValue)`")
      }
      return operation.function == "put" ? .put(key: key, value: value) : .append(key: key, value: value)
    default:
      throw OperationError("the key-value model knows :get, :put and :append; use --domain register for :read, :write and :cas")
    }
  }

  public func reduce(_ state: State, _ action: Action) throws(Violation) -> State {
    switch action {
    case .get(let key, let observed):
      let held = state[key]
      guard held == observed else {
        throw Violation(key: key, observed: observed, held: held)
      }
      return state
    case .put(let key, let value):
      return state.setting(key, to: value)
    case .append(let key, let value):
      return state.setting(key, to: state[key] + value)
    }
  }

  private static func text(_ value: EDNValue?) -> String? {
    switch value {
    case .string(let text)?: text
    case .integer(let number)?: String(number)
    case .keyword(let name)?: name
    case .null?: nil
    default: nil
    }
  }
}
