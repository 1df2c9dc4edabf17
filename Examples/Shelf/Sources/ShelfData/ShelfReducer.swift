/// The shelf's pure reducer.
public enum ShelfReducer {
  /// Why an action was refused.
  public struct Error: Swift.Error, Equatable, CustomStringConvertible {
    /// What was refused, and why, in one sentence.
    public let description: String
  }

  /// The state after `action`; adding a book twice, or removing one that is not there, is refused.
  public static func reduce(state: ShelfState, action: ShelfAction) throws -> ShelfState {
    var state = state
    switch action {
    case .onAppear:
      if state.status == nil { state.status = .waiting }
    case .onTapAddBook(let title):
      guard !state.titles.contains(title) else { throw Error(description: "\"\(title)\" is already on the shelf") }
      state.titles.append(title)
    case .onTapRemoveBook(let title):
      guard let index = state.titles.firstIndex(of: title) else { throw Error(description: "\"\(title)\" is not on the shelf") }
      state.titles.remove(at: index)
    case .onTapLendBook(let title):
      guard state.titles.contains(title) else { throw Error(description: "\"\(title)\" is not on the shelf") }
    case .didLendBook(let title, let loanId, let lentAt):
      state.loans.append(Loan(title: title, id: loanId, lentAt: lentAt))
    case .didLoadCatalog(let titles):
      state.titles += titles.filter { !state.titles.contains($0) }
      state.status = .success
    }
    return state
  }
}
