import Synchronization

/// Identifiers for new records that never collide with those a database already holds: a
/// scenario's counted ids (`…0001`, `…0002`) skip any the file it starts from has, so a script
/// that adds records runs against the same database file as often as it likes, and still prints
/// the same ids every time it starts from the same file.
final class UnusedIdentifiers: Sendable {
  private let taken = Mutex<Set<String>>([])
  private let make: @Sendable () -> String

  /// Draws from `make`, skipping what `reserve(_:)` says is taken.
  init(drawingFrom make: @escaping @Sendable () -> String) {
    self.make = make
  }

  /// Marks `identifiers` as taken.
  func reserve(_ identifiers: some Sequence<String>) {
    taken.withLock { $0.formUnion(identifiers) }
  }

  /// How many taken identifiers in a row `next()` skips before it gives up: a source that keeps
  /// repeating itself gets its collision reported by the database, not an endless loop.
  static let skipLimit = 100_000

  /// The next identifier no record holds, which is then taken.
  func next() -> String {
    taken.withLock { taken in
      var candidate = make()
      var skipped = 0
      while taken.contains(candidate), skipped < Self.skipLimit {
        candidate = make()
        skipped += 1
      }
      taken.insert(candidate)
      return candidate
    }
  }
}
