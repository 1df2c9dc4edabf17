import Logging

extension Logger {
  /// Runs `operation`, logging `call` at debug level before it and `call → outcome` (or
  /// `call → failure: …`) after it; rethrows its error. Both persistent sessions and the server
  /// log every query and mutation through this one place.
  package func logged<Value>(
    _ call: String,
    _ operation: () async throws -> Value,
    outcome describe: (Value) -> String = { _ in "success" }
  ) async throws -> Value {
    self.debug("\(call)")
    do {
      let value = try await operation()
      self.debug("\(call) → \(describe(value))")
      return value
    } catch {
      self.debug("\(call) → failure: \(error)")
      throw error
    }
  }
}
