import Foundation
import ReplShellDomain
import ShelfData

extension Domain {
  /// The shelf, as a shell drives it: the app's own state, reducer and listener.
  public static let shelf = Domain(
    name: "shelf", summary: "the books on a shelf",
    initialState: { ShelfState() },
    reducer: ShelfReducer.reduce,
    // One value of each action case: what the shell reads, completes and generates from.
    actionExamples: [
      .onAppear,
      .onTapAddBook(title: "Emma"),
      .onTapRemoveBook(title: "Emma"),
      .didLoadCatalog(titles: ["Emma"]),
      .onTapLendBook(title: "Emma"),
      .didLendBook(title: "Emma", loanId: "L1", lentAt: Date(timeIntervalSince1970: 0)),
    ],
    selectors: [
      SelectorDefinition("selectCount") { ShelfState.selectCount() },
      SelectorDefinition("selectTitles") { ShelfState.selectTitles() },
      SelectorDefinition("selectContains", Parameter("title", String.self)) {
        ShelfState.selectContains(title: $0)
      },
    ],
    // Starts the listener on the session's store; what it returns lives as long as the session.
    listen: { store, context in
      let listener = ShelfListener(logger: context.logger)
      listener.listen(to: store)
      return listener
    })
}
