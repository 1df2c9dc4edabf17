/// A fenced block of a Markdown file (between two lines that begin with three backticks): the
/// index of its opening fence, the line number of its first line, and its lines.
struct FencedBlock {
  let fence: Int
  let firstLine: Int
  let body: [String]

  /// Every fenced block of `lines`, in order; one left open runs to the end.
  static func all(in lines: [String]) -> [FencedBlock] {
    var found: [FencedBlock] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix("```") else {
        index += 1
        continue
      }
      let start = index + 1
      var end = start
      while end < lines.count, !lines[end].hasPrefix("```") { end += 1 }
      found.append(FencedBlock(fence: index, firstLine: start + 1, body: Array(lines[start..<min(end, lines.count)])))
      index = end + 1
    }
    return found
  }
}
