import Foundation

/// What happened: the user's taps, and the catalog's and the listener's answers.
public enum ShelfAction: Decodable, Equatable, Sendable {
  /// The shelf appeared; the first time, the listener loads the catalog.
  case onAppear
  /// The user added a book.
  case onTapAddBook(title: String)
  /// The user removed a book.
  case onTapRemoveBook(title: String)
  /// The catalog answered with these titles.
  case didLoadCatalog(titles: [String])
  /// The user lent a book; the listener records the loan.
  case onTapLendBook(title: String)
  /// The listener recorded a loan with a fresh identifier and the time.
  case didLendBook(title: String, loanId: String, lentAt: Date)
}
