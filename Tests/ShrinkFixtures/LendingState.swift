/// The items by id, who holds each one lent, and the items indexed.
public struct LendingState: Codable, Equatable, Sendable {
  public var items: [Int: String] = [:]
  public var loans: [Int: String] = [:]
  public var indexed: [Int] = []

  public init() {}

  /// The bug's symptom: a loan of an item that is gone.
  public var danglingLoans: Int { loans.keys.filter { items[$0] == nil }.count }
}
