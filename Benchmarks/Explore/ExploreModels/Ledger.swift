import ReplShell

/// Accounts opened, paid into, drawn from, moved between and closed: five rules, string and
/// integer payloads. The reducer refuses what would overdraw, so its invariant never breaks and
/// every run goes its whole length.
enum LedgerAction: Codable, Equatable, Sendable {
  case open(account: String)
  case deposit(account: String, amount: Int)
  case withdraw(account: String, amount: Int)
  case transfer(from: String, to: String, amount: Int)
  case close(account: String)
}

/// The balance of every open account.
struct LedgerState: Codable, Equatable, Sendable {
  var balances: [String: Int] = [:]

  /// How many accounts are below zero: none, while the reducer is right.
  var overdrawn: Int { balances.values.filter { $0 < 0 }.count }
}

/// Why the ledger refused an action.
struct LedgerError: Error, CustomStringConvertible {
  let description: String
}

extension Domain {
  static let ledger = Domain(
    name: "ledger", summary: "five rules with string and integer payloads, for explore's benchmark",
    initialState: { LedgerState() },
    reducer: { (state: LedgerState, action: LedgerAction) throws -> LedgerState in
      var state = state
      switch action {
      case .open(let account):
        guard state.balances[account] == nil else { throw LedgerError(description: "already open") }
        state.balances[account] = 0
      case .deposit(let account, let amount):
        guard amount > 0, let balance = state.balances[account] else { throw LedgerError(description: "no such account") }
        state.balances[account] = balance + amount
      case .withdraw(let account, let amount):
        guard amount > 0, let balance = state.balances[account], balance >= amount else { throw LedgerError(description: "insufficient funds") }
        state.balances[account] = balance - amount
      case .transfer(let from, let to, let amount):
        guard amount > 0, from != to, let source = state.balances[from], let target = state.balances[to], source >= amount else {
          throw LedgerError(description: "cannot transfer")
        }
        state.balances[from] = source - amount
        state.balances[to] = target + amount
      case .close(let account):
        guard state.balances[account] == 0 else { throw LedgerError(description: "not empty") }
        state.balances[account] = nil
      }
      return state
    },
    actionExamples: [
      LedgerAction.open(account: "a"), .deposit(account: "a", amount: 5), .withdraw(account: "a", amount: 2),
      .transfer(from: "a", to: "b", amount: 1), .close(account: "b"),
    ],
    selectors: [SelectorDefinition("selectOverdrawn") { { (state: LedgerState) in state.overdrawn } }])
}
