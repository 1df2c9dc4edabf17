import Synchronization

/// Collects, in order, what a session prints while no command holds it: what listeners dispatch
/// and log while a command waits for them, or after an interrupted wait, from the main actor and
/// from listener tasks. Commands return their own lines; the buffer also holds the debug
/// categories that are switched on.
package final class OutputBuffer: Sendable {
  /// The debug categories users can switch on and off.
  package enum Category: String, CaseIterable, Sendable {
    /// Every dispatched action, in full.
    case actions
    /// The whole new state after every dispatch.
    case state
    /// Queries and mutations that listeners send to persistent stores and servers.
    case effects
    /// When watched selectors are skipped by their filter or recomputed.
    case selectors

    /// One line for `help debug`.
    package var summary: String {
      switch self {
      case .actions: "every dispatched action in full, including those listeners dispatch"
      case .state: "the whole state after every dispatch"
      case .effects: "queries and mutations sent to the database or the network, and their results"
      case .selectors: "watched selectors skipped by their filter, or recomputed"
      }
    }
  }

  private struct Contents {
    var lines: [OutputLine] = []
    var enabled: Set<Category> = []
  }

  private let contents = Mutex(Contents())

  /// Creates an empty buffer with every category off.
  package init() {}

  func append(_ line: OutputLine) {
    contents.withLock { $0.lines.append(line) }
  }

  func append(contentsOf lines: [OutputLine]) {
    contents.withLock { $0.lines.append(contentsOf: lines) }
  }

  /// Appends a log line if its category is on.
  func log(_ category: Category, _ text: @autoclosure () -> String) {
    guard isEnabled(category) else { return }
    append(.log(category, text()))
  }

  /// Removes and returns everything collected so far.
  func drain() -> [OutputLine] {
    contents.withLock { contents in
      defer { contents.lines.removeAll() }
      return contents.lines
    }
  }

  func isEnabled(_ category: Category) -> Bool {
    contents.withLock { $0.enabled.contains(category) }
  }

  func set(_ category: Category, enabled: Bool) {
    contents.withLock { contents in
      if enabled { contents.enabled.insert(category) } else { contents.enabled.remove(category) }
    }
  }

  var enabledCategories: Set<Category> {
    contents.withLock { $0.enabled }
  }
}
