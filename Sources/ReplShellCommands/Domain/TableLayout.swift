/// How one `select` prints a table: the width it must fit, if any, and whether its records
/// print as blocks.
struct TableLayout: Sendable, Equatable {
  /// The columns a table fits, cutting cells with `…`; nil prints it whole, as scripts and pipes do.
  var width: Int?
  /// Rows, records, or records when the rows would not fit `width`.
  var expanded: ExpandedDisplay
  /// Whether `width` is the terminal's, which a script's run of the same line does not have.
  var widthIsTerminal = false

  /// Tables whole and as rows: what a transcript shows unless its script says otherwise.
  static let whole = TableLayout(width: nil, expanded: .off)
}
