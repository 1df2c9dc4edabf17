import ReplShellSession
import StateValues

/// A state's names and printed leaves laid out once for `StateTree.search`: every part of the
/// state in printing order, each with its parent, and two byte buffers — the names, and the
/// printed leaves, each lowercased — that a search scans from end to end instead of walking the
/// state and printing its leaves again. Laid out in the background once the inspector has encoded
/// a state (`StateTree.layOutSearchIndex(unless:)`), or by the first search for ASCII text
/// without redactions in force if that comes first (the first to finish is kept); a search with redactions walks the state, as
/// it must match what they show, and so does one for text beyond ASCII, which `String.contains`
/// matches by characters.
final class StateTreeSearchIndex: Sendable {
  /// One part of the state: its parent's index (-1 at the top) and the step that names it.
  struct Part: Sendable {
    let parent: Int32
    let component: StatePath.Component
  }

  /// A field's texts, one after another: the bytes, where each part's text starts (the next
  /// part's start is where it ends), and whether a part's text has bytes beyond ASCII.
  struct Texts: Sendable {
    var bytes: [UInt8] = []
    var starts: [Int] = []
    var parts: [Int32] = []
    var beyondASCII: [Bool] = []
    /// The entries whose text has bytes beyond ASCII, in order.
    var beyondASCIIEntries: [Int] = []

    mutating func append(_ text: String, of part: Int) {
      let lowered = text.utf8.allSatisfy { $0 < 0x80 } ? nil : text.lowercased()
      starts.append(bytes.count)
      parts.append(Int32(part))
      beyondASCII.append(lowered != nil)
      if lowered != nil { beyondASCIIEntries.append(starts.count - 1) }
      if let lowered {
        bytes.append(contentsOf: lowered.utf8)
      } else {
        bytes.append(contentsOf: text.utf8.lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 })
      }
    }

    /// Where the text of entry `entry` ends.
    func end(of entry: Int) -> Int {
      entry + 1 < starts.count ? starts[entry + 1] : bytes.count
    }
  }

  /// Whether every part is in it: false when its layout was cancelled.
  let isComplete: Bool
  let parts: [Part]
  let names: Texts
  let leaves: Texts

  /// Lays out the index of `root`; incomplete, to be thrown away, when `isCancelled` says so
  /// before it is done (it is asked every few thousand parts).
  init(root: Value, isCancelled: () -> Bool = { false }) {
    var parts: [Part] = []
    var names = Texts()
    var leaves = Texts()
    var cancelled = false
    func visit(_ children: [(component: StatePath.Component, value: Value)], parent: Int32) {
      for child in children {
        if cancelled { return }
        let index = parts.count
        if index & 0xFFF == 0, isCancelled() {
          cancelled = true
          return
        }
        parts.append(Part(parent: parent, component: child.component))
        names.append(child.component.label, of: index)
        let grandchildren = StateNavigator.children(of: child.value)
        if grandchildren.isEmpty {
          leaves.append(ValuePrinter.singleLine(child.value), of: index)
        } else {
          visit(grandchildren, parent: Int32(index))
        }
      }
    }
    visit(StateNavigator.children(of: root), parent: -1)
    self.isComplete = !cancelled
    self.parts = parts
    self.names = names
    self.leaves = leaves
  }

  /// The parts whose text in `texts` contains `needle` (lowercased, ASCII), in printing order; at
  /// most `limit`, and whether more were left out. ASCII texts are matched by a scan of the bytes;
  /// the few beyond ASCII as `String.contains` matches them (by characters), as the walk does.
  func matches(ofASCII needle: String, in texts: Texts, limit: Int) -> (parts: [Int], truncated: Bool) {
    let pattern = Array(needle.utf8)
    guard let first = pattern.first else { return ([], false) }
    var entries: [Int] = []
    texts.bytes.withUnsafeBufferPointer { haystack in
      var position = 0
      var entry = 0
      while entries.count <= limit, position + pattern.count <= haystack.count {
        // The next place the first byte appears, then the rest compared there.
        guard let candidate = haystack[position...].firstIndex(of: first), candidate + pattern.count <= haystack.count else { return }
        var matched = 1
        while matched < pattern.count && haystack[candidate + matched] == pattern[matched] { matched += 1 }
        guard matched == pattern.count else {
          position = candidate + 1
          continue
        }
        // The entry the match starts in: entries only move forward.
        while entry + 1 < texts.starts.count && texts.starts[entry + 1] <= candidate { entry += 1 }
        let end = texts.end(of: entry)
        if candidate + pattern.count <= end {
          if !texts.beyondASCII[entry] { entries.append(entry) }
          position = end
        } else {
          position = candidate + 1
        }
      }
    }
    // Past the (limit + 1)th match of the scan, no text is needed.
    let cutoff = entries.count > limit ? entries[limit] : Int.max
    for entry in texts.beyondASCIIEntries where entry < cutoff {
      let text = String(decoding: texts.bytes[texts.starts[entry]..<texts.end(of: entry)], as: UTF8.self)
      if text.contains(needle) { entries.append(entry) }
    }
    entries.sort()
    return (entries.prefix(limit).map { Int(texts.parts[$0]) }, entries.count > limit)
  }

  /// The names along the way to part `index`, and the path as `state` reads it.
  func path(to index: Int) -> (names: [String], text: String) {
    var components: [StatePath.Component] = []
    var at = index
    while at >= 0 {
      components.append(parts[at].component)
      at = Int(parts[at].parent)
    }
    components.reverse()
    return (components.map(\.label), StatePath(components).description)
  }
}
