import CEditLine
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Measures text as a terminal shows it and lays candidate lists out in columns.
enum TerminalText {
  /// The character that brackets non-printing parts of a prompt (e.g. color escapes).
  static let promptIgnoreMarker: Character = "\u{1}"

  /// The width of the standard output terminal in columns, or 80 when it is unknown.
  static func columns() -> Int {
    let columns = Int(cel_terminal_columns(STDOUT_FILENO))
    return columns > 0 ? columns : 80
  }

  /// The width of standard output when it is a terminal: what the terminal says, else
  /// `$COLUMNS`; nil when standard output is no terminal, or neither says.
  static func outputColumns(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    let columns = Int(cel_terminal_columns(STDOUT_FILENO))
    if columns > 0 { return columns }
    return environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
  }

  /// The number of columns `text` takes: 2 for wide (CJK) characters, 0 for combining marks.
  static func width(of text: some StringProtocol) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
      total + max(0, Int(cel_character_width(wchar_t(bitPattern: scalar.value))))
    }
  }

  /// The number of columns a prompt takes, ignoring the parts between ignore markers.
  static func promptWidth(of prompt: String) -> Int {
    let visible = prompt.split(separator: promptIgnoreMarker, omittingEmptySubsequences: false)
      .enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
    return visible.reduce(0) { $0 + width(of: $1) }
  }

  /// Lays `items` out column by column (like `ls`) in rows no wider than `width`;
  /// each returned row has no trailing spaces.
  static func columnLayout(_ items: [String], width: Int) -> [String] {
    guard !items.isEmpty else { return [] }
    let widths = items.map { self.width(of: $0) }
    let columnWidth = (widths.max() ?? 0) + 2
    let columnCount = max(1, (width + 2) / columnWidth)
    let rowCount = (items.count + columnCount - 1) / columnCount
    return (0..<rowCount).map { row in
      var line = ""
      for column in 0..<columnCount {
        let index = column * rowCount + row
        guard index < items.count else { break }
        let isLast = index + rowCount >= items.count || column == columnCount - 1
        line += items[index]
        if !isLast {
          line += String(repeating: " ", count: columnWidth - widths[index])
        }
      }
      return line
    }
  }
}
