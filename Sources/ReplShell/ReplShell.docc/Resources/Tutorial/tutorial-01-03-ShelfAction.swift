import Foundation

/// What happened to the shelf, in the past tense: the user's taps and the answers to them.
public enum ShelfAction: Decodable, Equatable, Sendable {
  /// The shelf appeared on screen.
  case onAppear
  /// The user added a book.
  case onTapAddBook(title: String)
  /// The user removed a book.
  case onTapRemoveBook(title: String)
  /// The catalog answered with these titles.
  case didLoadCatalog(titles: [String])
  /// The user lent a book.
  case onTapLendBook(title: String)
  /// The loan was recorded, with its identifier and time.
  case didLendBook(title: String, loanId: String, lentAt: Date)
}
