import Foundation
import ImmutableData
import Logging
import ReplShellAttachment
import ServiceLifecycle
import ShelfData
import ShelfDomain

/// `shelfd`: the shelf as a long-running app with its attachment open, so that
/// `shelfshell --attach` can drive its live store. Its listener loads the catalog and records
/// loans; each line on standard input is a tap (`add TITLE`, `remove TITLE`, `lend TITLE`), and
/// `--tick MS` adds and removes a book every MS milliseconds, and prints `ticked N` after every
/// thousandth tick (what a test waits for instead of a window of time). `--allow-writes` lets attached
/// shells dispatch. SIGTERM and SIGINT close the attachment cleanly; so does the end of input.
@main struct ShelfDaemon {
  @MainActor static func main() async throws {
    let arguments = CommandLine.arguments
    if arguments.contains("--help") || arguments.contains("-h") {
      print("usage: shelfd [--allow-writes] [--tick MS]\n\nA shelf app with its attachment open: attach with `shelfshell --attach`.\n--allow-writes  lets attached shells dispatch\n--tick MS       adds and removes a book every MS milliseconds (and prints `ticked N` every 1000 ticks)\nEach line on standard input is a tap: add TITLE, remove TITLE, lend TITLE.")
      return
    }
    let known: Set<String> = ["--allow-writes", "--tick"]
    if let unknown = arguments.dropFirst().first(where: { $0.hasPrefix("-") && !known.contains($0) }) {
      FileHandle.standardError.write(Data("shelfd: unknown option '\(unknown)'; type `shelfd --help` for the options\n".utf8))
      exit(64)
    }
    let allowsWrites = arguments.contains("--allow-writes")
    let tick = arguments.firstIndex(of: "--tick").flatMap { Int(arguments[safe: $0 + 1] ?? "") }
    let logger = Logger(label: "shelfd")
    let store = Store(initialState: ShelfState(), reducer: ShelfReducer.reduce)
    let listener = ShelfListener(logger: logger)
    listener.listen(to: store)
    // The one line an app adds to be attachable (in debug builds).
    let attachment = ReplShellAttachment(store: store, domain: .shelf, app: "shelfd", allowsWrites: allowsWrites, logger: logger)
    // Announce once the listener has loaded the catalog: what attaches then sees a settled shelf.
    try await untilCatalogLoaded(in: store) { try store.dispatch(action: .onAppear) }
    // Told how to attach only when it can be: otherwise the attachment's log line said why not.
    let announcement =
      attachment.isOpen
      ? "shelfd \(getpid()): attach with `shelfshell --attach \(getpid())` (\(attachment.path))"
      : "shelfd \(getpid()): runs without an attachment, so no shell can attach (the log line above says why)"
    FileHandle.standardOutput.write(Data((announcement + "\n").utf8))
    let group = ServiceGroup(services: [attachment], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    let taps = Task { @MainActor in
      await readTaps(into: store, ticking: tick)
      await group.triggerGracefulShutdown()
    }
    try await group.run()
    taps.cancel()
    _ = listener
  }

  /// Runs `start`, then returns once the store's catalog is loaded: woken by each action the
  /// store dispatches (a stream of its own, made before `start` runs, so the listener's
  /// `didLoadCatalog` cannot slip by unseen), never by a clock. The stream ends, and this
  /// returns, when it does; what `start` throws is thrown.
  @MainActor static func untilCatalogLoaded(in store: Store<ShelfState, ShelfAction>, after start: () throws -> Void) async throws {
    let actions = store.makeStream()
    try start()
    guard store.select({ $0.status }) != .success else { return }
    for await _ in actions where store.select({ $0.status }) == .success { return }
  }

  /// Dispatches the taps read from standard input, and ticks, until the input ends.
  @MainActor static func readTaps(into store: Store<ShelfState, ShelfAction>, ticking tick: Int?) async {
    let ticker = tick.map { milliseconds in
      Task { @MainActor in
        var count = 0
        while !Task.isCancelled {
          try? await Task.sleep(for: .milliseconds(milliseconds))
          count += 1
          try? store.dispatch(action: count % 2 == 1 ? .onTapAddBook(title: "Tick") : .onTapRemoveBook(title: "Tick"))
          if count % 1_000 == 0 { FileHandle.standardOutput.write(Data("ticked \(count)\n".utf8)) }
        }
      }
    }
    let lines = AsyncStream<String> { continuation in
      Thread.detachNewThread {
        while let line = readLine() { continuation.yield(line) }
        continuation.finish()
      }
    }
    for await line in lines {
      let words = line.split(separator: " ", maxSplits: 1).map(String.init)
      guard words.count == 2 else { continue }
      let action: ShelfAction? =
        switch words[0] {
        case "add": .onTapAddBook(title: words[1])
        case "remove": .onTapRemoveBook(title: words[1])
        case "lend": .onTapLendBook(title: words[1])
        default: nil
        }
      if let action { try? store.dispatch(action: action) }
    }
    ticker?.cancel()
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
