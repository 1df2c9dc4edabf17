import ReplShellDomain
import StateValues
/// The action patterns `hide` keeps out of what dispatches print (see `ActionPattern`): the
/// actions the app or its listeners dispatch, never one typed at the prompt or in a script.
public struct HiddenActions: Sendable {
  /// Nothing hidden.
  public init() {}

  /// The patterns, in the order they were added.
  public private(set) var patterns: [ActionPattern] = []

  /// Hides the cases `pattern` matches; an error when it matches none. Returns the `hiding …` note.
  mutating func add(_ pattern: ActionPattern, catalog: ActionCatalog, column: Int) throws(CommandError) -> [OutputLine] {
    let matching = try catalog.cases(matching: pattern, column: column).map(\.pathText)
    if !patterns.contains(pattern) {
      patterns.append(pattern)
    }
    let shown = matching.prefix(5).joined(separator: ", ") + (matching.count > 5 ? ", …" : "")
    return [.note("hiding \(matching.count) action case\(matching.count == 1 ? "" : "s"): \(shown)")]
  }

  /// Stops hiding `pattern`, or every pattern when nil. Returns what `unhide` prints.
  mutating func remove(_ pattern: ActionPattern?, column: Int) throws(CommandError) -> [OutputLine] {
    guard let pattern else {
      defer { patterns.removeAll() }
      return [.note(patterns.isEmpty ? "no actions are hidden" : "showing every action again (\(patterns.count) pattern\(patterns.count == 1 ? "" : "s") dropped)")]
    }
    guard patterns.contains(pattern) else {
      let hidden = patterns.isEmpty ? "nothing is hidden" : "hidden: " + patterns.map { "`\($0)`" }.joined(separator: ", ")
      throw CommandError("`\(pattern.description.truncatedForMessage)` is not hidden; \(hidden)", column: column)
    }
    patterns.removeAll { $0 == pattern }
    return [.note("showing `\(pattern)` again")]
  }

  /// The lines of `hide` alone: the patterns, or that nothing is hidden.
  var lines: [OutputLine] {
    patterns.isEmpty ? [.note("no actions are hidden")] : patterns.map { .plain("hidden: \($0)") }
  }

  /// Whether an action with this case path is hidden.
  public func hides(_ path: [String]) -> Bool {
    patterns.contains { $0.matches(path) }
  }
}
