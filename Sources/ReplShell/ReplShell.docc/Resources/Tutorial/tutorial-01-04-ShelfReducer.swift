/// The shelf's reducer: a pure function from the state and an action to the next state.
public enum ShelfReducer {
  /// An action the reducer refused, and why.
  public struct Error: Swift.Error, Equatable, CustomStringConvertible {
    /// The reason, in one sentence.
    public let description: String
  }

  /// The state after `action`. Adding a title twice, or removing or lending one that is not on
  /// the shelf, is refused: the state stays as it was.
  public static func reduce(state: ShelfState, action: ShelfAction) throws -> ShelfState {
    var state = state
    switch action {
    case .onAppear:
      if state.status == nil { state.status = .waiting }
    case .onTapAddBook(let title):
      guard !state.titles.contains(title) else {
        throw Error(description: "\"\(title)\" is already on the shelf")
      }
      state.titles.append(title)
    case .onTapRemoveBook(let title):
      guard let index = state.titles.firstIndex(of: title) else {
        throw Error(description: "\"\(title)\" is not on the shelf")
      }
      state.titles.remove(at: index)
    case .didLoadCatalog(let titles):
      state.titles += titles.filter { !state.titles.contains($0) }
      state.status = .success
    case .onTapLendBook(let title):
      guard state.titles.contains(title) else {
        throw Error(description: "\"\(title)\" is not on the shelf")
      }
    case .didLendBook(let title, let loanId, let lentAt):
      state.loans.append(Loan(title: title, id: loanId, lentAt: lentAt))
    }
    return state
  }
}
