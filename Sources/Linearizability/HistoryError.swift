/// A history that cannot be read, with the file and line at fault.
public struct HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file (or the name given for the text).
  public let source: String
  /// The 1-based line, or nil for an error about the whole file.
  public let line: Int?
  /// The 1-based column within the line, when known.
  public let column: Int?
  /// What is wrong, and what to write instead.
  public let message: String

  /// An error at `source:line:column`.
  public init(source: String, line: Int?, column: Int? = nil, message: String) {
    self.source = source
    self.line = line
    self.column = column
    self.message = message
  }

  /// `history.edn:12:5: message`, as compilers write it.
  public var description: String {
    var place = source
    if let line {
      place += ":\(line)"
      if let column { place += ":\(column)" }
    }
    return "\(place): \(message)"
  }
}
