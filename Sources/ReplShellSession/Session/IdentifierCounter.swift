import Synchronization

/// Deterministic identifiers for scripts: UUID-shaped, counting up from 1.
public final class IdentifierCounter: Sendable {
  private let count = Mutex(0)

  /// A counter whose first identifier is 1.
  public init() {}

  /// The next identifier, counting up: `00000000-0000-0000-0000-000000000001` first.
  public func next() -> String {
    let value = count.withLock { count -> Int in
      count += 1
      return count
    }
    return String(format: "00000000-0000-0000-0000-%012d", value)
  }
}
