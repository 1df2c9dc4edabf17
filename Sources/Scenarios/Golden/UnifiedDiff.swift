/// A line-based unified diff (`---`/`+++`/`@@` hunks with three lines of context), for golden mismatches.
public enum UnifiedDiff {
  /// The diff of `old` against `new`, or an empty string when they are equal.
  public static func make(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
    let a = lines(of: old)
    let b = lines(of: new)
    guard a != b else { return "" }
    let edits = script(a, b)
    var output = ["--- \(oldName)", "+++ \(newName)"]
    var index = 0
    while index < edits.count {
      guard edits[index].kind != .same else {
        index += 1
        continue
      }
      let start = max(0, index - context)
      var end = index
      var lastChange = index
      while end < edits.count {
        if edits[end].kind != .same { lastChange = end }
        if end - lastChange > 2 * context { break }
        end += 1
      }
      let stop = min(edits.count, lastChange + context + 1)
      let hunk = edits[start..<stop]
      let oldStart = (hunk.first?.oldLine ?? 0) + 1
      let newStart = (hunk.first?.newLine ?? 0) + 1
      let oldCount = hunk.filter { $0.kind != .added }.count
      let newCount = hunk.filter { $0.kind != .removed }.count
      output.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
      for edit in hunk {
        switch edit.kind {
        case .same: output.append(" " + edit.text)
        case .removed: output.append("-" + edit.text)
        case .added: output.append("+" + edit.text)
        }
      }
      index = stop
    }
    return output.joined(separator: "\n") + "\n"
  }

  /// The lines of a text; a final line break ends the last line rather than starting an empty one.
  private static func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  private struct Edit {
    enum Kind { case same, removed, added }
    let kind: Kind
    let text: String
    let oldLine: Int
    let newLine: Int
  }

  /// The most cells the longest-common-subsequence table may have (the changed middles' line
  /// counts multiplied: 4 Mi cells, 16 MiB): past it, the middle is diffed coarsely, every old
  /// line of it removed and every new one added, so the diff of two huge texts (a runaway
  /// transcript against its golden) costs time and memory linear in their length.
  static let tableLimit = 1 << 22

  /// The shortest edit script by longest common subsequence, after trimming the common ends;
  /// past `tableLimit`, the middle as one replacement.
  private static func script(_ a: [String], _ b: [String]) -> [Edit] {
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
    let middleA = Array(a[prefix..<(a.count - suffix)])
    let middleB = Array(b[prefix..<(b.count - suffix)])
    var edits: [Edit] = (0..<prefix).map { Edit(kind: .same, text: a[$0], oldLine: $0, newLine: $0) }
    let (cells, overflow) = middleA.count.multipliedReportingOverflow(by: middleB.count)
    guard !overflow, cells <= tableLimit else {
      edits += middleA.indices.map { Edit(kind: .removed, text: middleA[$0], oldLine: prefix + $0, newLine: prefix) }
      edits += middleB.indices.map { Edit(kind: .added, text: middleB[$0], oldLine: prefix + middleA.count, newLine: prefix + $0) }
      for offset in 0..<suffix {
        edits.append(Edit(kind: .same, text: a[a.count - suffix + offset], oldLine: a.count - suffix + offset, newLine: b.count - suffix + offset))
      }
      return edits
    }
    var lengths = Array(repeating: Array(repeating: Int32(0), count: middleB.count + 1), count: middleA.count + 1)
    for i in stride(from: middleA.count - 1, through: 0, by: -1) {
      for j in stride(from: middleB.count - 1, through: 0, by: -1) {
        lengths[i][j] = middleA[i] == middleB[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var i = 0
    var j = 0
    while i < middleA.count || j < middleB.count {
      if i < middleA.count, j < middleB.count, middleA[i] == middleB[j] {
        edits.append(Edit(kind: .same, text: middleA[i], oldLine: prefix + i, newLine: prefix + j))
        i += 1
        j += 1
      } else if i < middleA.count, j == middleB.count || lengths[i + 1][j] >= lengths[i][j + 1] {
        // Removals before additions, as diff(1) prints them.
        edits.append(Edit(kind: .removed, text: middleA[i], oldLine: prefix + i, newLine: prefix + j))
        i += 1
      } else {
        edits.append(Edit(kind: .added, text: middleB[j], oldLine: prefix + i, newLine: prefix + j))
        j += 1
      }
    }
    for offset in 0..<suffix {
      edits.append(Edit(kind: .same, text: a[a.count - suffix + offset], oldLine: a.count - suffix + offset, newLine: b.count - suffix + offset))
    }
    return edits
  }
}
