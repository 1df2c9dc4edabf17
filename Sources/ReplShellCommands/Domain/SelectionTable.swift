import StateValues
/// A list of flat records of one type (quakes, animals) as the cells of a table: one column per
/// field, one row per record, each cell the field's value on one line.
struct SelectionTable: Equatable {
  /// The records' type.
  let typeName: String
  /// The fields' labels, in declaration order.
  let labels: [String]
  /// The cells, row by row.
  let rows: [[String]]
  /// Whether each column holds numbers only, which align right.
  let numeric: [Bool]

  /// The fewest records that print as a table of rows; as records, one is enough.
  static let threshold = 2
  /// The narrowest a column is cut to when a table must fit a width: a few characters and `…`.
  static let narrowestColumn = 6
  /// What stands between two columns.
  static let separator = "  "

  /// The table of `value` when it is an array of at least `fewestRows` structs of one type whose
  /// fields are all scalars; nil otherwise.
  init?(_ value: Value, fewestRows: Int = threshold) {
    guard case .array(let elements) = value, elements.count >= max(1, fewestRows),
      case .structure(let typeName, let firstFields) = elements[0]
    else { return nil }
    let labels = firstFields.map(\.label)
    var rows: [[String]] = []
    var numeric = Array(repeating: true, count: labels.count)
    for element in elements {
      guard case .structure(typeName, let fields) = element, fields.map(\.label) == labels,
        fields.allSatisfy({ !$0.value.hasChildren })
      else { return nil }
      rows.append(fields.map { ValuePrinter.singleLine($0.value) })
      for (column, field) in fields.enumerated() {
        switch field.value {
        case .int, .double: break
        default: numeric[column] = false
        }
      }
    }
    // The labels are the type's coding keys, which may hold anything: escaped as the cells are.
    self.typeName = ValuePrinter.escapedName(typeName)
    self.labels = labels.map(ValuePrinter.escapedName)
    self.rows = rows
    self.numeric = numeric
  }

  /// The line above the table: `4 × Quake`.
  var title: String { "\(rows.count) × \(typeName)" }

  /// Each column's width when nothing is cut: its widest cell or its label.
  var naturalWidths: [Int] {
    labels.indices.map { column in
      max(labels[column].count, rows.map { $0[column].count }.max() ?? 0)
    }
  }

  /// The width of the grid's widest line when nothing is cut.
  var naturalWidth: Int {
    Self.lineWidth(of: naturalWidths)
  }

  /// The width of a grid line whose columns are `widths` wide.
  static func lineWidth(of widths: [Int]) -> Int {
    widths.reduce(0, +) + separator.count * max(0, widths.count - 1)
  }

  /// The table as rows: the title, the labels, a rule, then one line per record. Within `width`
  /// the widest columns are cut first (`fittedWidths`), their cells and labels ending in `…`;
  /// nil prints every cell whole.
  func gridLines(width: Int?) -> [String] {
    let widths = width.map { fittedWidths(width: $0) } ?? naturalWidths
    func format(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let text = Self.cut(cell, to: widths[column])
        let pad = String(repeating: " ", count: widths[column] - text.count)
        return numeric[column] ? pad + text : text + pad
      }.joined(separator: Self.separator).trimmingTrailingWhitespace
    }
    var lines = [title, format(labels)]
    lines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: Self.separator))
    lines += rows.map(format)
    return lines
  }

  /// `text` in at most `width` characters: cut to `width - 1` and `…` when it is longer.
  static func cut(_ text: String, to width: Int) -> String {
    guard text.count > width else { return text }
    return String(text.prefix(max(0, width - 1))) + "…"
  }
}

extension SelectionTable {
  /// Each column's width when the grid must fit `width`. Nothing changes when it fits already.
  /// Otherwise text columns give way first, the widest first: they are cut to one shared
  /// width, the largest that fits, and no narrower than `narrowestColumn` (or their own width).
  /// Numbers are cut only when cutting every text column to that is not enough, the same way.
  /// When even that is too wide, every column stays at its narrowest and the lines overflow.
  func fittedWidths(width: Int) -> [Int] {
    var widths = naturalWidths
    guard Self.lineWidth(of: widths) > width else { return widths }
    let room = width - Self.separator.count * max(0, widths.count - 1)
    for shrinksNumbers in [false, true] {
      let shrinking = widths.indices.filter { numeric[$0] == shrinksNumbers }
      let fixed = widths.indices.filter { numeric[$0] != shrinksNumbers }.reduce(0) { $0 + widths[$1] }
      let floors = shrinking.map { min(widths[$0], Self.narrowestColumn) }
      let fitted = Self.waterFill(shrinking.map { widths[$0] }, floors: floors, room: room - fixed)
      for (index, column) in shrinking.enumerated() { widths[column] = fitted[index] }
      if Self.lineWidth(of: widths) <= width { break }
    }
    return widths
  }

  /// `widths` capped at one shared width so that together they take at most `room`, none below
  /// its floor; the columns at the cap share what room is left over, one each from the left.
  static func waterFill(_ widths: [Int], floors: [Int], room: Int) -> [Int] {
    func capped(_ cap: Int) -> [Int] { zip(widths, floors).map { max($1, min($0, cap)) } }
    guard widths.reduce(0, +) > room else { return widths }
    var cap = widths.max() ?? 0
    while cap > 0, capped(cap).reduce(0, +) > room, capped(cap) != floors {
      cap -= 1
    }
    var fitted = capped(cap)
    var left = room - fitted.reduce(0, +)
    for index in fitted.indices where left > 0 && fitted[index] == cap && widths[index] > cap {
      fitted[index] += 1
      left -= 1
    }
    return fitted
  }
}
