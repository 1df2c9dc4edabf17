import ReplShellSession
import StateValues
import Synchronization

/// A state as a tree an inspector opens a level at a time: the children of a path, and the paths
/// whose key or printed value contains some text. Built over the state written as a `Value`, so
/// its names are those `state a.b` walks.
struct StateTree: Sendable {
  /// One child of a path: its name, a one-line summary, and how many children it has in turn.
  package struct Node: Sendable, Equatable {
    /// The label or key that `state` walks.
    package let name: String
    /// The value on one line, cut short; a collection by its size.
    package let summary: String
    /// How many children it has: 0 for a leaf.
    let childCount: Int
    /// The whole path to it as `state` reads it, to paste: `animals.data["a key"].name`.
    let statePath: String
  }

  /// What to match in `search`.
  enum SearchField: String, Sendable {
    /// The names along the path.
    case key
    /// The printed leaf values.
    case value
  }

  /// The longest summary kept, in characters.
  static let summaryLength = 120
  let root: Value
  /// The children of the paths walked so far: sorting a 64k-entry dictionary once, not per page.
  private let walked = WalkedLevels()
  /// The names and printed leaves laid out for searching, the first time they are searched.
  private let searchIndex = SearchIndexSlot()

  init(root: Value) {
    self.root = root
  }

  /// The children of `path`, from `offset`, at most `limit`; and how many there are in all.
  /// Throws when the path names a part the state does not have.
  package func children(at path: [String], offset: Int, limit: Int) throws(CommandError) -> (nodes: [Node], total: Int) {
    let children = try self.children(of: path)
    let parent = try statePath(of: path)
    let start = min(max(offset, 0), children.count)
    let nodes = children[start..<min(start + max(limit, 0), children.count)].map { child in
      Node(
        name: child.component.label, summary: Self.summary(of: child.value), childCount: StateNavigator.children(of: child.value).count,
        statePath: parent.appending(child.component).description)
    }
    return (nodes, children.count)
  }

  /// Where the child `name` of `path` is among its siblings; nil when there is none.
  package func index(of name: String, at path: [String]) throws(CommandError) -> Int? {
    try children(of: path).firstIndex { $0.component.label == name }
  }

  /// The children of `path` in printing order, remembered.
  private func children(of path: [String]) throws(CommandError) -> [(component: StatePath.Component, value: Value)] {
    if let known = walked.levels.withLock({ $0[path] }) { return known }
    let children = StateNavigator.children(of: try value(at: path))
    walked.levels.withLock { $0[path] = children }
    return children
  }

  /// The path the tree's names lead along, in the grammar of `state`.
  func statePath(of path: [String]) throws(CommandError) -> StatePath {
    var value = root
    var walked = StatePath()
    for name in path {
      guard let child = StateNavigator.children(of: value).first(where: { $0.component.label == name }) else {
        throw CommandError("`\(walked)` has no `\(name.truncatedForMessage)`")
      }
      value = child.value
      walked = walked.appending(child.component)
    }
    return walked
  }

  /// The value at `path`.
  func value(at path: [String]) throws(CommandError) -> Value {
    var value = root
    for (index, component) in path.enumerated() {
      guard let child = StateNavigator.children(of: value).first(where: { $0.component.label == component }) else {
        let place = index == 0 ? "the state" : "`" + path[..<index].joined(separator: ".") + "`"
        throw CommandError("\(place) has no `\(component.truncatedForMessage)`")
      }
      value = child.value
    }
    return value
  }

  /// The paths, in printing order, whose last name (`.key`) or printed leaf value (`.value`)
  /// contains `text`, ignoring case; at most `limit`, and whether more were left out. Names and
  /// values are matched as `redact` shows them: a redacted secret is not found by its text.
  /// Without redactions (`redact` nil) an ASCII text is looked up in the tree's search index,
  /// laid out in the background or by the first such search; else the state is walked and printed again.
  package func search(
    _ text: String, in field: SearchField, limit: Int, redactedBy redact: ((String) -> String)? = nil
  ) -> (paths: [[String]], texts: [String], truncated: Bool) {
    let needle = text.lowercased()
    guard !needle.isEmpty else { return ([], [], false) }
    if redact == nil, needle.utf8.allSatisfy({ $0 < 0x80 }), let index = layOutSearchIndex() {
      let found = index.matches(ofASCII: needle, in: field == .key ? index.names : index.leaves, limit: limit)
      let paths = found.parts.map(index.path(to:))
      return (paths.map(\.names), paths.map(\.text), found.truncated)
    }
    let redact = redact ?? { $0 }
    let matcher = CaseInsensitiveMatch(needle)
    var found: [[String]] = []
    var texts: [String] = []
    var truncated = false
    var path: [String] = []
    var components: [StatePath.Component] = []
    // Each value's children are listed once: for its own match and for the walk below it.
    func visit(_ children: [(component: StatePath.Component, value: Value)]) {
      for child in children {
        if truncated { return }
        path.append(child.component.label)
        components.append(child.component)
        defer {
          path.removeLast()
          components.removeLast()
        }
        let grandchildren = StateNavigator.children(of: child.value)
        let matches: Bool = switch field {
        case .key: matcher.found(in: redact(child.component.label))
        case .value: grandchildren.isEmpty && matcher.found(in: redact(ValuePrinter.singleLine(child.value)))
        }
        if matches {
          if found.count == limit {
            truncated = true
            return
          }
          found.append(path)
          texts.append(StatePath(components).description)
        }
        if !grandchildren.isEmpty { visit(grandchildren) }
      }
    }
    visit(StateNavigator.children(of: root))
    return (found, texts, truncated)
  }

  /// The search index, laid out now unless it is already: by a search, or ahead of it in the
  /// background (`ShellInspection`), so that the search finds it ready. The layout runs outside
  /// the lock, so that a search never waits for a background layout a loaded machine may hold
  /// back (it runs at a lowered priority): a search that comes meanwhile lays out its own, and
  /// whichever finishes first is kept while the other stops at its next check. Nil, keeping
  /// nothing, when `isCancelled` stops the layout (the inspector has moved to a newer state).
  @discardableResult
  func layOutSearchIndex(unless isCancelled: () -> Bool = { false }) -> StateTreeSearchIndex? {
    if let index = searchIndex.index.withLock({ $0 }) { return index }
    let laidOut = StateTreeSearchIndex(root: root, isCancelled: { isCancelled() || hasSearchIndex })
    return searchIndex.index.withLock { index in
      if let index { return index }
      guard laidOut.isComplete else { return nil }
      index = laidOut
      return laidOut
    }
  }

  /// Whether the search index is laid out.
  var hasSearchIndex: Bool { searchIndex.index.withLock { $0 != nil } }

  /// The levels a tree has listed, by path.
  private final class WalkedLevels: Sendable {
    let levels = Mutex<[[String]: [(component: StatePath.Component, value: Value)]]>([:])
  }

  /// Where the tree keeps its search index once it is laid out.
  private final class SearchIndexSlot: Sendable {
    let index = Mutex<StateTreeSearchIndex?>(nil)
  }

  /// A value on one line for the tree: leaves printed and cut short, collections by their size.
  static func summary(of value: Value) -> String {
    switch value {
    case .dictionary(let entries): return "[\(entries.count) \(entries.count == 1 ? "entry" : "entries")]"
    case .array(let elements) where elements.count > 8: return "[\(elements.count) elements]"
    case .structure(let typeName, let fields) where !fields.isEmpty: return typeName + "(…)"
    default:
      let text = ValuePrinter.singleLine(value)
      return text.count > summaryLength ? String(text.prefix(summaryLength - 1)) + "…" : text
    }
  }
}
