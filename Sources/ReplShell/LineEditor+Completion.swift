import CEditLine

extension LineEditor {
  /// The line and cursor position right after a Tab was handled.
  struct TabState: Equatable {
    /// The text before the cursor.
    var before: String
    /// The text after the cursor.
    var after: String
  }

  /// Tab: asks the completer about the text before the cursor. One candidate replaces the word
  /// (plus a space after a whole word); several extend the word to their common prefix, and a
  /// second Tab in a row lists them below the line; none rings the bell. A completer that gave
  /// up says why below the line.
  func completeWord() -> UInt8 {
    let (before, after) = lineAroundCursor()
    let isSecondTab = lastTab == TabState(before: before, after: after)
    let completion = completer(before)
    if let refusal = completion.refusal {
      lastTab = nil
      list([refusal])
      return UInt8(CC_REDISPLAY)
    }
    var seen = Set<String>()
    let candidates = completion.candidates.filter { seen.insert($0.text).inserted }
    let word = String(before.suffix(max(0, completion.replacedLength)))

    switch candidates.count {
    case 0:
      lastTab = nil
      return UInt8(CC_REFRESH_BEEP)
    case 1:
      replaceWord(word, with: candidates[0].text)
      if candidates[0].isWholeWord {
        if after.first == " " {
          el_cursor(editLine, 1)
        } else {
          insert(" ")
        }
      }
      lastTab = nil
      return UInt8(CC_REFRESH)
    default:
      if isSecondTab {
        list(candidates.map(\.text))
        return UInt8(CC_REDISPLAY)
      }
      let prefix = Self.commonPrefix(of: candidates.map(\.text))
      let extended = prefix.count > word.count
      if extended {
        replaceWord(word, with: prefix)
      }
      let (newBefore, newAfter) = lineAroundCursor()
      lastTab = TabState(before: newBefore, after: newAfter)
      return UInt8(extended ? CC_REFRESH : CC_REFRESH_BEEP)
    }
  }

  /// Writes `items` in columns below the line; the caller then returns `CC_REDISPLAY`.
  func list(_ items: [String]) {
    let geometry = lineGeometry()
    moveBelowLine(geometry)
    let rows = TerminalText.columnLayout(items, width: TerminalText.columns())
    cel_write_output(rows.map { $0 + "\r\n" }.joined())
    prepareRedisplay(geometry)
  }

  /// Replaces `word`, which ends at the cursor, with `replacement`.
  func replaceWord(_ word: String, with replacement: String) {
    let scalarCount = word.unicodeScalars.count
    if scalarCount > 0 {
      el_deletestr(editLine, Int32(scalarCount))
    }
    insert(replacement)
  }

  /// Inserts `text` at the cursor.
  func insert(_ text: String) {
    guard !text.isEmpty else { return }
    var characters = Self.wideCString(text)
    if el_winsertstr(editLine, &characters) != 0 {
      el_beep(editLine)
    }
  }

  /// The longest common prefix of `texts`, in whole characters.
  static func commonPrefix(of texts: [String]) -> String {
    guard let first = texts.first else { return "" }
    var prefix = first[...]
    for text in texts.dropFirst() {
      prefix = prefix.commonPrefix(with: text)
      if prefix.isEmpty { break }
    }
    return String(prefix)
  }
}

extension Substring {
  /// The longest prefix shared with `other`, compared character by character.
  fileprivate func commonPrefix(with other: String) -> Substring {
    var end = startIndex
    var otherIndex = other.startIndex
    while end < endIndex, otherIndex < other.endIndex, self[end] == other[otherIndex] {
      formIndex(after: &end)
      other.formIndex(after: &otherIndex)
    }
    return self[startIndex..<end]
  }
}
