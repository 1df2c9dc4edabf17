import ReplShellDomain
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The actions of a small stock: units are received, reserved for orders, shipped, written off
/// and unreserved.
enum StockAction: Codable, Equatable, Sendable {
  case receive(sku: String, quantity: Int)
  case reserve(sku: String, quantity: Int)
  case ship(sku: String, quantity: Int)
  case writeOff(sku: String, quantity: Int)
  case cancel(sku: String, quantity: Int)
}

/// The units on hand and the units reserved, by SKU.
struct StockState: Codable, Equatable, Sendable {
  var onHand: [String: Int] = [:]
  var reserved: [String: Int] = [:]

  /// How many SKUs have more units reserved than on hand: the invariant is that none has.
  var shortfalls: Int { reserved.filter { $0.value > onHand[$0.key, default: 0] }.count }
}

extension Domain {
  /// The stock, with a bug planted when `planted`: a write-off checks the units on hand and
  /// ignores those reserved, so writing off a reserved unit leaves an order nothing to ship.
  /// Its smallest failure is `receive 1`, `reserve 1`, `writeOff 1` of one SKU.
  static func stock(planted: Bool = true) -> Domain {
    Domain(
      name: "stock", summary: "units on hand and reserved, for explore's shrinking tests",
      initialState: { StockState() },
      reducer: { (state: StockState, action: StockAction) throws -> StockState in
        var state = state
        switch action {
        case .receive(let sku, let quantity):
          guard quantity > 0 else { throw BankError(description: "quantity must be positive") }
          state.onHand[sku, default: 0] += quantity
        case .reserve(let sku, let quantity):
          guard quantity > 0, state.reserved[sku, default: 0] + quantity <= state.onHand[sku, default: 0] else {
            throw BankError(description: "not enough units")
          }
          state.reserved[sku, default: 0] += quantity
        case .ship(let sku, let quantity):
          guard quantity > 0, quantity <= state.reserved[sku, default: 0] else { throw BankError(description: "not reserved") }
          state.reserved[sku, default: 0] -= quantity
          state.onHand[sku, default: 0] -= quantity
        case .writeOff(let sku, let quantity):
          let free = state.onHand[sku, default: 0] - (planted ? 0 : state.reserved[sku, default: 0])
          guard quantity > 0, quantity <= free else { throw BankError(description: "not enough units") }
          state.onHand[sku, default: 0] -= quantity
        case .cancel(let sku, let quantity):
          guard quantity > 0, quantity <= state.reserved[sku, default: 0] else { throw BankError(description: "not reserved") }
          state.reserved[sku, default: 0] -= quantity
        }
        return state
      },
      actionExamples: [
        StockAction.receive(sku: "A", quantity: 5), .reserve(sku: "A", quantity: 2), .ship(sku: "A", quantity: 1),
        .writeOff(sku: "B", quantity: 3), .cancel(sku: "B", quantity: 1),
      ],
      selectors: [SelectorDefinition("selectShortfalls") { { (state: StockState) in state.shortfalls } }])
  }
}
