import Synchronization

/// Deterministic identifiers for scripts: UUID-shaped, counting up from 1.
final class IdentifierCounter: Sendable {
  private let count = Mutex(0)

  func next() -> String {
    let value = count.withLock { count -> Int in
      count += 1
      return count
    }
    return String(format: "00000000-0000-0000-0000-%012d", value)
  }
}
