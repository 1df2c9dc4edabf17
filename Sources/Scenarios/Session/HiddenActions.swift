/// The action case paths `hide` keeps out of what dispatches print: a pattern hides every action
/// whose case path holds its components in a row, so `heartbeat`, `ui.timer` (a prefix) and
/// `timer.didTick` (a suffix) all work.
package struct HiddenActions: Sendable {
  /// Nothing hidden.
  package init() {}

  /// The patterns, in the order they were added.
  package private(set) var patterns: [[String]] = []

  /// Hides the cases `pattern` matches; an error when it matches none. Returns the `hiding …` note.
  mutating func add(_ pattern: [String], catalog: ActionCatalog, column: Int) throws(CommandError) -> [OutputLine] {
    let typed = pattern.joined(separator: ".")
    let matching = catalog.cases.filter { Self.path($0.path, contains: pattern) }.map(\.pathText)
    guard !matching.isEmpty else {
      let suggestions = Suggestions.closest(to: typed, among: catalog.completionNames)
      let hint = suggestions.isEmpty ? "type `actions` for the list" : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))?"
      throw CommandError("no action case matches `\(typed.truncatedForMessage)`: \(hint)", column: column)
    }
    if !patterns.contains(pattern) {
      patterns.append(pattern)
    }
    let shown = matching.prefix(5).joined(separator: ", ") + (matching.count > 5 ? ", …" : "")
    return [.note("hiding \(matching.count) action case\(matching.count == 1 ? "" : "s"): \(shown)")]
  }

  /// The lines of `hide` alone: the patterns, or that nothing is hidden.
  var lines: [OutputLine] {
    patterns.isEmpty ? [.note("no actions are hidden")] : patterns.map { .plain("hidden: " + $0.joined(separator: ".")) }
  }

  /// Whether an action with this case path is hidden.
  package func hides(_ path: [String]) -> Bool {
    patterns.contains { Self.path(path, contains: $0) }
  }

  private static func path(_ path: [String], contains pattern: [String]) -> Bool {
    guard !pattern.isEmpty, pattern.count <= path.count else { return false }
    return (0...(path.count - pattern.count)).contains { path[$0..<($0 + pattern.count)].elementsEqual(pattern) }
  }
}
