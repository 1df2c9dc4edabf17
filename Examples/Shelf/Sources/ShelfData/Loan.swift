import Foundation

/// A book lent out: the listener stamps it with an identifier and the time, as real apps do.
/// Only the reducer makes loans, so the memberwise initializer is enough.
public struct Loan: Equatable, Sendable {
  /// The title lent.
  public var title: String
  /// A fresh `UUID()`, different on every run.
  public var id: String
  /// `Date.now` when the loan was made.
  public var lentAt: Date
}
