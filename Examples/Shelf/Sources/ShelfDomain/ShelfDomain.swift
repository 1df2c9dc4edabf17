import Foundation
import ReplShellDomain
import ShelfData

extension Domain {
  /// The shelf, as the shell drives it.
  public static let shelf = Domain(
    name: "shelf", summary: "books on a shelf, the catalog loaded by a listener",
    initialState: { ShelfState() },
    reducer: ShelfReducer.reduce,
    actionExamples: [
      .onAppear, .onTapAddBook(title: "Emma"), .onTapRemoveBook(title: "Emma"), .didLoadCatalog(titles: ["Emma"]),
      .onTapLendBook(title: "Emma"), .didLendBook(title: "Emma", loanId: "L1", lentAt: Date(timeIntervalSince1970: 0)),
    ],
    selectors: [
      SelectorDefinition("selectCount") { ShelfState.selectCount() },
      SelectorDefinition("selectTitles") { ShelfState.selectTitles() },
      SelectorDefinition("selectContains", Parameter("title", String.self)) { ShelfState.selectContains(title: $0) },
    ],
    // Loan identifiers are fresh UUIDs: every script of the shelf redacts them.
    volatile: [.uuids],
    listen: { store, context in
      let listener = ShelfListener(logger: context.logger)
      listener.listen(to: store)
      return listener
    })
}
