import Foundation
import ImmutableData
import Logging

/// Loads the catalog the first time the shelf appears, and records each loan with a fresh
/// `UUID()` and `Date.now`. It awaits the load inside its loop over
/// the store's stream, so once it waits for the next action every effect so far is done: that
/// is what lets a shell or a test settle without sleeping.
@MainActor public final class ShelfListener {
  private let catalog: Catalog
  private let logger: Logger
  private var task: Task<Void, Never>?

  /// A listener that loads from `catalog` and logs each load to `logger`.
  public init(catalog: Catalog = Catalog(), logger: Logger = Logger(label: "ShelfData")) {
    self.catalog = catalog
    self.logger = logger
  }

  deinit {
    task?.cancel()
  }

  /// Starts listening to `store`.
  public func listen(
    to store: some Dispatcher<ShelfState, ShelfAction> & Selector<ShelfState> & Streamer<ShelfState, ShelfAction> & AnyObject
  ) {
    task?.cancel()
    let stream = store.makeStream()
    task = Task { [weak self, weak store] in
      do {
        for try await (oldState, action) in stream {
          guard let self, let store else { return }
          switch action {
          case .onAppear where oldState.status == nil:
            await self.loadCatalog(into: store)
          case .onTapLendBook(let title):
            try store.dispatch(action: .didLendBook(title: title, loanId: UUID().uuidString, lentAt: .now))
          default:
            break
          }
        }
      } catch {
        return
      }
    }
  }

  private func loadCatalog(into store: some Dispatcher<ShelfState, ShelfAction>) async {
    logger.debug("fetchTitles()")
    do {
      let titles = try await catalog.fetchTitles()
      logger.debug("fetchTitles() → \(titles.count) titles")
      try store.dispatch(action: .didLoadCatalog(titles: titles))
    } catch {
      logger.debug("fetchTitles() → failure: \(error)")
    }
  }
}
