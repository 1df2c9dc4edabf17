/// The books on a shelf, and whether the catalog has been loaded.
public struct ShelfState: Equatable, Sendable {
  /// Titles on the shelf, in the order they were added.
  public var titles: [String]
  /// Where loading the catalog stands: nil before the shelf first appears.
  public var status: ShelfStatus?
  /// The books lent out, oldest first.
  public var loans: [Loan]

  /// An empty shelf whose catalog has not been loaded.
  public init(titles: [String] = [], status: ShelfStatus? = nil, loans: [Loan] = []) {
    self.titles = titles
    self.status = status
    self.loans = loans
  }
}

extension ShelfState {
  /// How many books are on the shelf.
  public static func selectCount() -> @Sendable (Self) -> Int {
    { state in state.titles.count }
  }

  /// The titles, sorted.
  public static func selectTitles() -> @Sendable (Self) -> [String] {
    { state in state.titles.sorted() }
  }

  /// Whether `title` is on the shelf.
  public static func selectContains(title: String) -> @Sendable (Self) -> Bool {
    { state in state.titles.contains(title) }
  }
}
