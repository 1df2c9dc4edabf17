import Logging

extension Logger {
  /// Runs `operation`, logging `call` at debug level before it and `call → outcome` (or
  /// `call → failure: …`) after it; rethrows its error. Both persistent sessions and the server
  /// log every query and mutation through this one place; the lines keep the caller's source
  /// (its module), file and line.
  package func logged<Value>(
    _ call: String,
    _ operation: () async throws -> Value,
    outcome describe: (Value) -> String = { _ in "success" },
    file: String = #fileID,
    function: String = #function,
    line: UInt = #line
  ) async throws -> Value {
    self.debug("\(call)", file: file, function: function, line: line)
    do {
      let value = try await operation()
      self.debug("\(call) → \(describe(value))", file: file, function: function, line: line)
      return value
    } catch {
      self.debug("\(call) → failure: \(error)", file: file, function: function, line: line)
      throw error
    }
  }
}
