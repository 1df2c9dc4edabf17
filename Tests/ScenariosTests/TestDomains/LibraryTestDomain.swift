import ReplShellDomain
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// A book of the test library: a flat record, so that a list of books prints as a table.
struct Book: Codable, Equatable, Sendable {
  var bookId: String
  var title: String
  var author: String
  var pages: Int
  var rating: Double
}

/// What happened at the test library.
enum LibraryAction: Codable, Equatable, Sendable {
  /// The user asked for the catalog; the listener answers with `didFetchBooks`.
  case didTapFetchButton
  /// The listener's answer: every book, a payload longer than a line.
  case didFetchBooks(books: [Book])
  case didRemoveBook(bookId: String)
}

extension Book {
  /// The catalog the listener fetches: three books, their titles and authors of unequal widths.
  static let catalog = [
    Book(bookId: "b1", title: "The Left Hand of Darkness", author: "Ursula K. Le Guin", pages: 304, rating: 4.5),
    Book(bookId: "b2", title: "A Wizard of Earthsea", author: "Ursula K. Le Guin", pages: 183, rating: 4.25),
    Book(bookId: "b3", title: "Do Androids Dream of Electric Sheep?", author: "Philip K. Dick", pages: 210, rating: 4.0),
  ]
}

/// Keeps the library's listener alive while the session runs.
final class LibraryListener: Sendable {
  let task: Task<Void, Never>
  init(task: Task<Void, Never>) { self.task = task }
  deinit { task.cancel() }
}

extension Domain {
  /// A library whose listener answers a fetch with the whole catalog: long listener payloads for
  /// `history`, and lists of records for tables.
  static var testLibrary: Domain {
    Domain(
      name: "library", summary: "books fetched by a listener",
      initialState: { [Book]() },
      reducer: { (books: [Book], action: LibraryAction) -> [Book] in
        switch action {
        case .didTapFetchButton: books
        case .didFetchBooks(let fetched): fetched
        case .didRemoveBook(let bookId): books.filter { $0.bookId != bookId }
        }
      },
      actionExamples: [.didTapFetchButton, .didFetchBooks(books: Book.catalog), .didRemoveBook(bookId: "b1")],
      selectors: [
        SelectorDefinition("selectBooks") { { (books: [Book]) in books } },
        SelectorDefinition("selectCount") { { (books: [Book]) in books.count } },
      ],
      // A guard, not a measure: the listener answers at once, but in the full parallel run its
      // answer can wait over a minute for the main actor on 2 cores.
      settleTimeout: .seconds(600),
      listen: { store, _ in
        let stream = store.makeStream()
        let task = Task { @MainActor in
          for await (_, action) in stream where action == .didTapFetchButton {
            try? store.dispatch(action: .didFetchBooks(books: Book.catalog))
          }
        }
        return LibraryListener(task: task)
      })
  }
}
