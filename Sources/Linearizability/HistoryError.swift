import ReplShellFoundation

/// A history that cannot be read, with the file and line at fault; or one that was not read to
/// its end because its budget ran out (`shortfall`), which is no verdict rather than a fault.
public struct HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file (or the name given for the text).
  public let source: String
  /// The 1-based line, or nil for an error about the whole file.
  public let line: Int?
  /// The 1-based column within the line, when known.
  public let column: Int?
  /// What is wrong, and what to write instead.
  public let message: String
  /// The limit of the budget that stopped the reading, or nil for a fault of the history.
  public let shortfall: BudgetShortfall?

  /// An error at `source:line:column`.
  public init(source: String, line: Int?, column: Int? = nil, message: String) {
    self.source = source
    self.line = line
    self.column = column
    self.message = message
    self.shortfall = nil
  }

  /// The reading stopped at `line` because `shortfall` ran out.
  public init(source: String, line: Int?, shortfall: BudgetShortfall) {
    self.source = source
    self.line = line
    self.column = nil
    self.message = shortfall.description(of: "the history")
    self.shortfall = shortfall
  }

  /// `source:line:column`, as compilers write it, escaped for a terminal.
  public var place: String {
    var place = source
    if let line {
      place += ":\(line)"
      if let column { place += ":\(column)" }
    }
    return ControlCharacters.escaped(place, onOneLine: true)
  }

  /// `history.edn:12:5: message`, escaped for a terminal.
  public var description: String {
    "\(place): \(ControlCharacters.escaped(message, onOneLine: true))"
  }
}
