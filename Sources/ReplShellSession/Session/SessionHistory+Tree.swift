import StateValues
extension SessionHistory {
  /// The lines of `history --tree`: each entry under the entry whose listener dispatched it,
  /// indented one level deeper, and each entry a line dispatched followed by that line
  /// (`← line 3`, `← scenarios/edit.txt:7`). An action whose cause is not known stands at the
  /// top level. With `only`, the entries at those positions and their causes, a cause that is
  /// not among them marked `(cause only)`.
  func treeLines(full: Bool, only: Set<Int>? = nil) -> [OutputLine] {
    if entries.isEmpty { return [.note("no actions dispatched yet")] }
    var children: [Int: [Int]] = [:]
    var roots: [Int] = []
    for (index, entry) in entries.enumerated() {
      if case .listener(let serial) = entry.cause, let parent = position(ofSerial: serial), parent <= index {
        children[parent, default: []].append(index + 1)
      } else {
        roots.append(index + 1)
      }
    }
    // What is shown with `only`: its entries and every entry up their chains of causes.
    var shown = only
    for position in only ?? [] {
      var cause = entries[position - 1].cause
      while case .listener(let serial) = cause, let parent = self.position(ofSerial: serial), shown?.insert(parent).inserted == true {
        cause = entries[parent - 1].cause
      }
    }
    let width = String(entries.count).count
    var lines: [OutputLine] = []
    lines.reserveCapacity(entries.count + 2)
    var folded = false
    // Depth first, children in the order they were dispatched; a stack rather than recursion,
    // so that a long chain of listener actions cannot exhaust the stack.
    var pending: [(position: Int, depth: Int)] = roots.reversed().map { ($0, 0) }
    while let (position, depth) = pending.popLast() {
      let entry = entries[position - 1]
      // A subtree without a shown entry is left out whole: a shown entry's causes are all shown.
      guard shown?.contains(position) ?? true else { continue }
      var suffix: String
      switch entry.cause {
      case .line(let line): suffix = "   ← \(line.description)"
      case .listener: suffix = depth == 0 ? "   (cause dropped)" : ""
      case nil: suffix = entry.origin == .listener ? "   (cause not known)" : ""
      }
      if let only, !only.contains(position) { suffix += "   (cause only)" }
      let (line, isFolded) = line(for: entry, at: position, width: width, depth: depth, full: full, suffix: suffix)
      folded = folded || isFolded
      lines.append(line)
      for child in (children[position] ?? []).reversed() {
        pending.append((child, depth + 1))
      }
    }
    if self.position < entries.count {
      lines.append(.note(self.position == 0 ? "── now: the initial state ──" : "── now: the state after \(self.position) ──"))
    }
    if folded { lines.append(.note("(…) marks arguments left out: `history --tree --full` prints every action whole")) }
    return lines
  }
}
