import Foundation

/// A book lent out: the listener stamps it with an identifier and the time, as real apps do.
public struct Loan: Codable, Equatable, Sendable {
  /// The title lent.
  public var title: String
  /// A fresh `UUID()`, different on every run.
  public var id: String
  /// `Date.now` when the loan was made.
  public var lentAt: Date

  /// A loan of `title`.
  public init(title: String, id: String, lentAt: Date) {
    self.title = title
    self.id = id
    self.lentAt = lentAt
  }
}
