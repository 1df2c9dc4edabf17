import Foundation

/// The books on a shelf, whether the catalog has been loaded, and the books lent out.
public struct ShelfState: Equatable, Sendable {
  /// The titles on the shelf, in the order they arrived.
  public var titles: [String]
  /// Where loading the catalog stands: nil until the shelf first appears.
  public var status: ShelfStatus?
  /// The loans, oldest first.
  public var loans: [Loan]

  /// An empty shelf, its catalog not loaded yet.
  public init(titles: [String] = [], status: ShelfStatus? = nil, loans: [Loan] = []) {
    self.titles = titles
    self.status = status
    self.loans = loans
  }
}

/// Where loading the catalog stands.
public enum ShelfStatus: String, CaseIterable, Equatable, Sendable {
  case waiting
  case success
}

/// A book lent out, stamped with an identifier and the time it left.
public struct Loan: Equatable, Sendable {
  /// The title lent.
  public var title: String
  /// The loan's identifier.
  public var id: String
  /// When the book was lent.
  public var lentAt: Date
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
