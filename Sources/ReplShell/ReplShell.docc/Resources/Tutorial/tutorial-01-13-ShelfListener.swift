import Foundation
import ImmutableData
import Logging

/// The shelf's side effects. The first time the shelf appears it loads the catalog; each book
/// lent is recorded with a fresh identifier and the time. Every effect is awaited inside the
/// loop over the store's stream, so that whoever drives the store can tell when it is done.
@MainActor public final class ShelfListener {
  private let catalog: Catalog
  private let logger: Logger
  private var task: Task<Void, Never>?

  /// A listener that loads from `catalog` and logs what it does to `logger`.
  public init(catalog: Catalog = Catalog(), logger: Logger = Logger(label: "ShelfData")) {
    self.catalog = catalog
    self.logger = logger
  }

  deinit {
    task?.cancel()
  }

  /// Follows `store`'s actions until the store or this listener goes away.
  public func listen(
    to store: some Dispatcher<ShelfState, ShelfAction> & Selector<ShelfState> &
      Streamer<ShelfState, ShelfAction> & AnyObject
  ) {
    task?.cancel()
    let stream = store.makeStream()
    task = Task { [weak self, weak store, logger] in
      do {
        for try await (oldState, action) in stream {
          guard let self, let store else { return }
          switch action {
          case .onAppear where oldState.status == nil:
            await self.loadCatalog(into: store)
          case .onTapLendBook(let title):
            self.recordLoan(of: title, in: store)
          default:
            break
          }
        }
      } catch {
        logger.error("the shelf's listener stopped: \(error)")
      }
    }
  }

  private func recordLoan(of title: String, in store: some Dispatcher<ShelfState, ShelfAction>) {
    do {
      try store.dispatch(action: .didLendBook(title: title, loanId: UUID().uuidString, lentAt: .now))
    } catch {
      logger.error("the loan of \(title) was refused: \(error)")
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
