import Foundation
import ImmutableData
import Logging
import ShelfData

/// `shelfd`: the shelf as a long-running app. Each line on standard input stands for a tap on
/// its screen (`add TITLE`, `remove TITLE`, `lend TITLE`); the app ends with its input.
@main struct ShelfDaemon {
  @MainActor static func main() async throws {
    let logger = Logger(label: "shelfd")
    let store = Store(initialState: ShelfState(), reducer: ShelfReducer.reduce)
    let listener = ShelfListener(logger: logger)
    listener.listen(to: store)
    try store.dispatch(action: .onAppear)
    await readTaps(into: store, logger: logger)
    withExtendedLifetime(listener) {}
  }

  /// Dispatches the tap each line of standard input stands for, until the input ends. The lines
  /// are read on a thread of their own, so that the main actor stays free for the store.
  @MainActor static func readTaps(into store: Store<ShelfState, ShelfAction>, logger: Logger) async {
    let lines = AsyncStream<String> { continuation in
      Thread.detachNewThread {
        while let line = readLine() { continuation.yield(line) }
        continuation.finish()
      }
    }
    for await line in lines {
      guard let action = tap(line) else {
        logger.warning("not a tap: \(line); type add, remove or lend, then a title")
        continue
      }
      do {
        try store.dispatch(action: action)
      } catch {
        logger.warning("\(error)")
      }
    }
  }

  /// The action a line stands for: `add Emma` is `onTapAddBook(title: "Emma")`.
  static func tap(_ line: String) -> ShelfAction? {
    let words = line.split(separator: " ", maxSplits: 1).map(String.init)
    guard words.count == 2 else { return nil }
    switch words[0] {
    case "add": return .onTapAddBook(title: words[1])
    case "remove": return .onTapRemoveBook(title: words[1])
    case "lend": return .onTapLendBook(title: words[1])
    default: return nil
    }
  }
}
