import Scenarios
import SessionProtocol
import StateValues

/// On a terminal, an error with a column shows the typed line again with a caret under that
/// column, as compilers do: `state animals.data.Kat` with `^` under `Kat`.
enum ErrorCaret {
  /// `lines` with the line and its caret after the error, when the line's error has a column.
  static func adding(to lines: [OutputLine], events: [SessionEvent], line: String) -> [OutputLine] {
    guard let error = events.lazy.compactMap({ event -> ErrorEvent? in
      if case .error(let error) = event { return error }
      return nil
    }).last, error.location == nil, let column = error.column, column >= 1, column <= line.count + 1,
      !line.contains(where: { $0 == "\t" })
    else { return lines }
    // Right under the error's first line, which names the column; what it says further follows.
    guard let first = lines.lastIndex(where: { $0.kind == .error && $0.text.hasPrefix("error: ") }) else { return lines }
    var result = lines
    result.insert(contentsOf: [OutputLine(.error, "  " + line), OutputLine(.error, "  " + String(repeating: " ", count: column - 1) + "^")], at: first + 1)
    return result
  }
}
