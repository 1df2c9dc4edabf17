import Linearizability
import Synchronization

/// How many times the checker called an app reducer, for the driver's last line.
let reducerCalls = Atomic<Int>(0)

/// Reducers written as an app writes its own, not as the checker's sample models are: the state a
/// struct around a dictionary or an optional, the actions an enum, and a rejection an error whose
/// message is formatted where it is thrown. They are what `ReducerModel` wraps when an app's own
/// reducer is the specification, and what `linearize`'s speed is measured with beside the samples.
enum AppReducers {
  /// An app's key-value store.
  struct Store: Hashable, Sendable {
    var values: [String: String] = [:]
  }

  /// What the key-value app's clients do.
  enum StoreAction: Hashable, Sendable, CustomStringConvertible {
    case get(key: String, observed: String)
    case put(key: String, value: String)
    case append(key: String, value: String)

    var description: String {
      switch self {
      case .get(let key, let observed): "get \(key) → \(observed)"
      case .put(let key, let value): "put \(key) \(value)"
      case .append(let key, let value): "append \(key) \(value)"
      }
    }
  }

  /// An app's register.
  struct Register: Hashable, Sendable {
    var value: Int?
  }

  /// What the register app's clients do.
  enum RegisterAction: Hashable, Sendable, CustomStringConvertible {
    case read(observed: Int?)
    case write(Int)
    case compareAndSet(expected: Int, new: Int, succeeded: Bool?)

    var description: String {
      switch self {
      case .read(let observed): "read \(String(describing: observed))"
      case .write(let value): "write \(value)"
      case .compareAndSet(let expected, let new, let succeeded): "cas \(expected) \(new) \(String(describing: succeeded))"
      }
    }
  }

  /// A rejection, as an app's reducer throws it: a message made when thrown.
  struct Rejected: Error {
    let message: String
  }

  @Sendable static func reduceStore(_ state: Store, _ action: StoreAction) throws -> Store {
    reducerCalls.add(1, ordering: .relaxed)
    var state = state
    switch action {
    case .get(let key, let observed):
      let held = state.values[key] ?? ""
      if held != observed { throw Rejected(message: "get of \(key) saw \"\(observed)\" but the store holds \"\(held)\"") }
    case .put(let key, let value):
      state.values[key] = value
    case .append(let key, let value):
      state.values[key, default: ""] += value
    }
    return state
  }

  @Sendable static func reduceRegister(_ state: Register, _ action: RegisterAction) throws -> Register {
    reducerCalls.add(1, ordering: .relaxed)
    var state = state
    switch action {
    case .read(let observed):
      if observed != state.value { throw Rejected(message: "read saw \(String(describing: observed)) but the register holds \(String(describing: state.value))") }
    case .write(let value):
      state.value = value
    case .compareAndSet(let expected, let new, let succeeded):
      let matches = state.value == expected
      if let succeeded, succeeded != matches {
        throw Rejected(message: "cas \(expected)→\(new) \(succeeded ? "succeeded" : "failed") but the register holds \(String(describing: state.value))")
      }
      if matches { state.value = new }
    }
    return state
  }
}

extension AppReducers {
  /// The app's key-value reducer as a model, its keys checked apart as Porcupine's `kvModel` does.
  static let storeModel = ReducerModel(
    initialState: Store(), reducer: reduceStore, partition: { $0["key"] }
  ) { operation throws(OperationError) -> StoreAction? in
    guard let key = text(operation["key"]) else { throw OperationError("no :key") }
    switch operation.function {
    case "get": return operation.outcome == .ok ? .get(key: key, observed: text(operation.value) ?? "") : nil
    case "put", "append":
      guard operation.outcome != .fail else { return nil }
      guard let value = text(operation.requestedValue) else { throw OperationError("no :value") }
      return operation.function == "put" ? .put(key: key, value: value) : .append(key: key, value: value)
    default: throw OperationError("unknown :f \(operation.function)")
    }
  }

  /// The app's register reducer as a model.
  static let registerModel = ReducerModel(initialState: Register(), reducer: reduceRegister) { operation throws(OperationError) -> RegisterAction? in
    switch operation.function {
    case "read":
      guard operation.outcome == .ok else { return nil }
      if case .null = operation.value { return .read(observed: nil) }
      guard let value = operation.value.integer else { throw OperationError("a read sees an integer") }
      return .read(observed: value)
    case "write":
      guard operation.outcome != .fail else { return nil }
      guard let value = operation.requestedValue.integer else { throw OperationError("a write writes an integer") }
      return .write(value)
    case "cas":
      guard let pair = operation.requestedValue.elements, pair.count == 2, let expected = pair[0].integer, let new = pair[1].integer else {
        throw OperationError("a cas takes [expected new]")
      }
      return .compareAndSet(expected: expected, new: new, succeeded: operation.outcome == .info ? nil : operation.outcome == .ok)
    default: throw OperationError("unknown :f \(operation.function)")
    }
  }

  private static func text(_ value: EDNValue?) -> String? {
    switch value {
    case .string(let text)?: text
    case .integer(let number)?: String(number)
    case .keyword(let name)?: name
    default: nil
    }
  }
}
