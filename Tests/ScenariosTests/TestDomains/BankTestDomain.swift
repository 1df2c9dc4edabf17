import ReplShellDomain
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The actions of a small bank: accounts are opened, paid into and drawn from.
enum BankAction: Codable, Equatable, Sendable {
  case open(account: String)
  case deposit(account: String, amount: Int)
  case withdraw(account: String, amount: Int)
}

/// The balance of every open account.
struct BankState: Codable, Equatable, Sendable {
  var balances: [String: Int] = [:]

  /// How many accounts are overdrawn: the invariant is that none is.
  var overdrawn: Int { balances.values.filter { $0 < 0 }.count }
}

/// Why the bank refused an action.
struct BankError: Error, CustomStringConvertible {
  let description: String
}

extension Domain {
  /// The bank, with a bug planted when `planted`: a withdrawal checks `amount > balance + 1`
  /// instead of `amount > balance`, so drawing 1 from an empty account overdraws it.
  static func bank(planted: Bool = true) -> Domain {
    Domain(
      name: "bank", summary: "accounts with balances, for explore's tests",
      initialState: { BankState() },
      reducer: { (state: BankState, action: BankAction) throws -> BankState in
        var state = state
        switch action {
        case .open(let account):
          guard state.balances[account] == nil else { throw BankError(description: "account exists") }
          state.balances[account] = 0
        case .deposit(let account, let amount):
          guard let balance = state.balances[account] else { throw BankError(description: "no such account") }
          guard amount > 0 else { throw BankError(description: "amount must be positive") }
          state.balances[account] = balance + amount
        case .withdraw(let account, let amount):
          guard let balance = state.balances[account] else { throw BankError(description: "no such account") }
          guard amount > 0 else { throw BankError(description: "amount must be positive") }
          guard amount <= balance + (planted ? 1 : 0) else { throw BankError(description: "insufficient funds") }
          state.balances[account] = balance - amount
        }
        return state
      },
      actionExamples: [
        BankAction.open(account: "alice"), .deposit(account: "alice", amount: 50), .withdraw(account: "alice", amount: 20),
      ],
      selectors: [
        SelectorDefinition("selectOverdrawn") { { (state: BankState) in state.overdrawn } },
        SelectorDefinition("selectBalance", Parameter("account", String.self)) { account in { (state: BankState) in state.balances[account] } },
      ])
  }
}
