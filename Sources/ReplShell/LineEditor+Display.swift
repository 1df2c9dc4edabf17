import CEditLine

extension LineEditor {
  /// Where the line being edited sits on screen, in rows counted from the prompt's row.
  struct LineGeometry {
    /// The row of the cursor (libedit's idea of where the terminal cursor is).
    var cursorRow: Int
    /// The last row the prompt and line occupy.
    var lastRow: Int
  }

  /// The rows of the cursor and of the end of the line, given the prompt and terminal width.
  func lineGeometry() -> LineGeometry {
    let columns = TerminalText.columns()
    let promptWidth = TerminalText.promptWidth(of: prompt)
    let (before, after) = lineAroundCursor()
    let cursorColumn = promptWidth + TerminalText.width(of: before)
    let endColumn = cursorColumn + TerminalText.width(of: after)
    return LineGeometry(cursorRow: cursorColumn / columns, lastRow: endColumn / columns)
  }

  /// Moves the terminal cursor to the start of the row below the line, so that output written
  /// next does not overwrite it.
  func moveBelowLine(_ geometry: LineGeometry) {
    cel_write_output(String(repeating: "\r\n", count: geometry.lastRow - geometry.cursorRow + 1))
  }

  /// Prepares for returning `CC_REDISPLAY` after writing output below the line.
  ///
  /// libedit then clears the rows it believes the line occupies, moving up from where it
  /// believes its cursor is (`cursorRow`) — rows that now hold our output. Writing `cursorRow`
  /// empty lines first makes it clear those instead, and draw the prompt right below the output.
  func prepareRedisplay(_ geometry: LineGeometry) {
    cel_write_output(String(repeating: "\r\n", count: geometry.cursorRow))
  }

  /// The text of the line before and after the cursor.
  func lineAroundCursor() -> (before: String, after: String) {
    guard let info = el_wline(editLine) else { return ("", "") }
    let line = info.pointee
    return (Self.string(from: line.buffer, to: line.cursor),
            Self.string(from: line.cursor, to: line.lastchar))
  }
}
