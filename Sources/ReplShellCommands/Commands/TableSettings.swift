/// How the shell prints tables, as `width` and `expanded` set them; they hold until changed,
/// across `use` and `reset`.
public struct TableSettings: Sendable, Equatable {
  /// The width tables fit.
  enum Width: Sendable, Equatable {
    /// The terminal's, when output goes to one; tables print whole in scripts and pipes.
    case terminal
    /// This many columns, wherever the output goes.
    case columns(Int)
    /// None: tables print whole even on a terminal.
    case whole
  }

  /// The narrowest width `width` accepts: a few columns of a few characters each.
  static let narrowestWidth = 20
  /// The widest width `width` accepts.
  static let widestWidth = 10_000

  /// As a shell starts: the terminal's width, not expanded.
  public init() {}

  var width = Width.terminal
  var expanded = ExpandedDisplay.off

  /// The layout of a table printed now, when output goes to a terminal `terminalColumns` wide
  /// (nil when it goes to none).
  func layout(terminalColumns: Int?) -> TableLayout {
    switch width {
    case .terminal: TableLayout(width: terminalColumns, expanded: expanded, widthIsTerminal: terminalColumns != nil)
    case .columns(let columns): TableLayout(width: columns, expanded: expanded)
    case .whole: TableLayout(width: nil, expanded: expanded)
    }
  }

  /// What `width` says of the setting: `width: 80 columns`.
  func widthDescription(terminalColumns: Int?) -> String {
    switch width {
    case .terminal:
      "width: terminal (" + (terminalColumns.map { "\($0) columns" } ?? "output is not a terminal: tables print whole") + ")"
    case .columns(let columns): "width: \(columns) columns"
    case .whole: "width: off (tables print whole)"
    }
  }
}
