import ArgumentParser

/// `--shard K/N`: the K-th of N disjoint parts of a run. Scenarios are dealt out by sorted path, one
/// to each shard in turn, so N machines given `1/N` … `N/N` run every scenario exactly once.
struct Shard: Equatable, Sendable {
  /// Which part, from 1 to `count`.
  let index: Int
  /// How many parts the run is split into.
  let count: Int

  /// Reads `K/N` with 1 ≤ K ≤ N; the error says what to type instead.
  init(parsing argument: String) throws(ValidationError) {
    let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index)
    else {
      throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N, such as `--shard 2/4` for the second of four machines")
    }
    self.index = index
    self.count = count
  }

  /// This shard's part of `items`, which must be in sorted order: items 0, N, 2N, … go to shard 1.
  func part<Item>(of items: [Item]) -> [Item] {
    items.indices.filter { $0 % count == index - 1 }.map { items[$0] }
  }
}
