/// Runs work on the main actor, up to `jobs` items at a time, so that items waiting on I/O (a
/// feed, a server) overlap; hands the results over in the items' order, each as soon as the
/// items before it are done.
@MainActor struct JobRunner {
  /// The most items in progress at once (at least 1).
  let jobs: Int

  /// Runs `work` on every item and calls `deliver` with the results in the order of `items`.
  func run<Item: Sendable, Result: Sendable>(
    _ items: [Item],
    _ work: @escaping @MainActor @Sendable (Item) async -> Result,
    deliver: (Result) -> Void
  ) async {
    await withTaskGroup(of: (Int, Result).self) { group in
      var started = 0
      var completed = 0
      var finished: [Int: Result] = [:]
      var delivered = 0
      while delivered < items.count {
        while started < items.count, started - completed < max(jobs, 1) {
          let index = started
          let item = items[index]
          group.addTask {
            let result = await work(item)
            return (index, result)
          }
          started += 1
        }
        guard let (index, result) = await group.next() else { return }
        completed += 1
        finished[index] = result
        while let ready = finished.removeValue(forKey: delivered) {
          deliver(ready)
          delivered += 1
        }
      }
    }
  }
}
