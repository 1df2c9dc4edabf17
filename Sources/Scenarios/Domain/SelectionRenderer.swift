/// Prints what a selector returns: a table for lists of flat records of one type (quakes,
/// animals), Swift-style values for everything else.
enum SelectionRenderer {
  /// The fewest records that print as a table.
  static let tableThreshold = 2

  static func lines(for value: Value) -> [OutputLine] {
    if let table = table(for: value) {
      return table.map(OutputLine.plain)
    }
    return ValuePrinter.pretty(value).map(OutputLine.plain)
  }

  /// The rows of a table when `value` is an array of at least `tableThreshold` structs of one
  /// type whose fields are all scalars; nil otherwise.
  static func table(for value: Value) -> [String]? {
    guard case .array(let elements) = value, elements.count >= tableThreshold,
      case .structure(let typeName, let firstFields) = elements[0]
    else { return nil }
    let labels = firstFields.map(\.label)
    var rows: [[String]] = []
    for element in elements {
      guard case .structure(typeName, let fields) = element, fields.map(\.label) == labels,
        fields.allSatisfy({ !$0.value.hasChildren })
      else { return nil }
      rows.append(fields.map { ValuePrinter.singleLine($0.value) })
    }
    let numeric = labels.indices.map { column in
      elements.allSatisfy { element in
        guard case .structure(_, let fields) = element else { return false }
        switch fields[column].value {
        case .int, .double: return true
        default: return false
        }
      }
    }
    let widths = labels.indices.map { column in
      max(labels[column].count, rows.map { $0[column].count }.max() ?? 0)
    }
    func format(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        return numeric[column] ? pad + cell : cell + pad
      }.joined(separator: "  ").trimmingTrailingWhitespace
    }
    var lines = ["\(elements.count) × \(typeName)", format(labels)]
    lines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "  "))
    lines += rows.map(format)
    return lines
  }
}
