import Synchronization

/// Deterministic identifiers for scripts: UUID-shaped, counting up from 1.
package final class IdentifierCounter: Sendable {
  private let count = Mutex(0)

  /// A counter whose first identifier is 1.
  package init() {}

  package func next() -> String {
    let value = count.withLock { count -> Int in
      count += 1
      return count
    }
    return String(format: "00000000-0000-0000-0000-%012d", value)
  }
}
