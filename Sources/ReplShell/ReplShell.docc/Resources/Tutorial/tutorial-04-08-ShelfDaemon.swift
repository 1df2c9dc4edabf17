import Foundation
import ImmutableData
import Logging
import ReplShellAttachment
import ServiceLifecycle
import ShelfData
import ShelfDomain

/// `shelfd`: the shelf as a long-running app. Each line on standard input stands for a tap on
/// its screen (`add TITLE`, `remove TITLE`, `lend TITLE`). Its attachment lets
/// `shelfshell --attach` drive the live store, and dispatch into it when the app is started with
/// `--allow-writes`; SIGTERM, SIGINT or the end of input close it.
@main struct ShelfDaemon {
  @MainActor static func main() async throws {
    let logger = Logger(label: "shelfd")
    let store = Store(initialState: ShelfState(), reducer: ShelfReducer.reduce)
    let listener = ShelfListener(logger: logger)
    listener.listen(to: store)
    try store.dispatch(action: .onAppear)
    let allowsWrites = CommandLine.arguments.contains("--allow-writes")
    // The line that makes the app attachable; when it cannot open, it logs why and the app runs on.
    let attachment = ReplShellAttachment(
      store: store, domain: .shelf, app: "shelfd", allowsWrites: allowsWrites, logger: logger)
    if attachment.isOpen {
      print("shelfd \(getpid()): attach with `shelfshell --attach shelfd` (\(attachment.path))")
    }
    let group = ServiceGroup(
      services: [attachment], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    let taps = Task { @MainActor in
      await readTaps(into: store, logger: logger)
      await group.triggerGracefulShutdown()
    }
    try await group.run()
    taps.cancel()
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
