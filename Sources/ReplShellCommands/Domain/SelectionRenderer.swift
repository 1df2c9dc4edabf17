import StateValues
/// Prints what a selector returns: a table for lists of flat records of one type (quakes,
/// animals), as rows or as records and fitted to a width as `TableLayout` says; Swift-style
/// values for everything else.
enum SelectionRenderer {
  /// The lines of `value`, and whether the width shaped them: a table cut, or printed as
  /// records because its rows would not fit.
  static func render(_ value: Value, layout: TableLayout) -> (lines: [OutputLine], fittedToWidth: Bool) {
    guard let table = SelectionTable(value, fewestRows: layout.expanded == .on ? 1 : SelectionTable.threshold) else {
      return (ValuePrinter.pretty(value).map(OutputLine.plain), false)
    }
    let overflows = layout.width.map { table.naturalWidth > $0 } ?? false
    let asRecords = layout.expanded == .on || (layout.expanded == .auto && overflows)
    if asRecords {
      let cut = table.recordWidths(width: layout.width) != table.recordWidths(width: nil)
      return (table.recordLines(width: layout.width).map(OutputLine.plain), layout.expanded == .auto || cut)
    }
    return (table.gridLines(width: layout.width).map(OutputLine.plain), overflows)
  }
}
