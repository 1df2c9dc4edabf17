import CEditLine

extension LineEditor {
  /// Ctrl-C: leaves the line on screen followed by `^C`, ends it, and makes `readLine` return
  /// `.interrupted`. The newline is pushed as input so libedit's own ed-newline finishes the
  /// display (cursor below the whole line).
  func interruptLine() -> UInt8 {
    wasInterrupted = true
    moveCursorToEnd()
    var marker = Self.wideCString("^C")
    el_winsertstr(editLine, &marker)
    var newline = Self.wideCString("\n")
    el_wpush(editLine, &newline)
    return UInt8(CC_REFRESH)
  }

  /// Ctrl-Z: stops the shell like a terminal would, and redraws the line when it resumes.
  func suspend() -> UInt8 {
    let geometry = lineGeometry()
    moveBelowLine(geometry)
    cel_suspend(editLine)
    prepareRedisplay(geometry)
    return UInt8(CC_REDISPLAY)
  }

  /// Moves the editing cursor after the last character of the line.
  func moveCursorToEnd() {
    guard let info = el_wline(editLine) else { return }
    el_cursor(editLine, Int32(info.pointee.lastchar - info.pointee.cursor))
  }
}
