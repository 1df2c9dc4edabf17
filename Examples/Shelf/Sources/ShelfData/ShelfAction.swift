/// What happened: the user's taps, and the catalog's answer.
public enum ShelfAction: Decodable, Equatable, Sendable {
  /// The shelf appeared; the first time, the listener loads the catalog.
  case onAppear
  /// The user added a book.
  case onTapAddBook(title: String)
  /// The user removed a book.
  case onTapRemoveBook(title: String)
  /// The catalog answered with these titles.
  case didLoadCatalog(titles: [String])
}
