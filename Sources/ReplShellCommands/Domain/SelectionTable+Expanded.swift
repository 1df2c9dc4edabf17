extension SelectionTable {
  /// What stands between a label and its value in a record.
  static let recordSeparator = " │ "

  /// The table as records, psql's expanded display: the title, then for each row a
  /// `-[ RECORD n ]` header and one `label │ value` line per field, labels aligned. Within
  /// `width`, values (and labels that leave too little room for them) are cut with `…`; the
  /// headers run as wide as the widest line.
  func recordLines(width: Int?) -> [String] {
    let (labelWidth, valueWidth) = recordWidths(width: width)
    let labelCells = labels.map { label in
      let text = Self.cut(label, to: labelWidth)
      return text + String(repeating: " ", count: labelWidth - text.count)
    }
    let lineWidth = labelWidth + Self.recordSeparator.count + valueWidth
    var lines = [title]
    for (index, row) in rows.enumerated() {
      let header = "-[ RECORD \(index + 1) ]"
      lines.append(header + String(repeating: "-", count: max(1, lineWidth - header.count)))
      for (column, cell) in row.enumerated() {
        lines.append(labelCells[column] + Self.recordSeparator + Self.cut(cell, to: valueWidth))
      }
    }
    return lines
  }

  /// The widths of the labels and of the values in records: their widest, cut so that a line fits
  /// `width` when there is one, the values first, neither narrower than `narrowestColumn`.
  func recordWidths(width: Int?) -> (label: Int, value: Int) {
    let labelWidth = labels.map(\.count).max() ?? 0
    let valueWidth = rows.lazy.flatMap { $0.map(\.count) }.max() ?? 0
    guard let width else { return (labelWidth, valueWidth) }
    let room = width - Self.recordSeparator.count
    let label = min(labelWidth, max(Self.narrowestColumn, room - Self.narrowestColumn))
    return (label, min(valueWidth, max(Self.narrowestColumn, room - label)))
  }
}
