/// A problem with one command: what is wrong, where (column), and what to type instead.
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, in one line.
  public var message: String
  /// The 1-based column in the line, when the problem has a place.
  public var column: Int?

  /// Creates an error with an optional column.
  public init(_ message: String, column: Int? = nil) {
    self.message = message
    self.column = column
  }

  /// The message, after its column when it has one.
  public var description: String {
    column.map { "column \($0): \(message)" } ?? message
  }
}
