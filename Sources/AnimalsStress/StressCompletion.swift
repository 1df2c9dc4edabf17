import Linearizability

/// How one operation ended: Jepsen's `:type`, its `:value` and, for a failure, its `:error`.
struct StressCompletion: Sendable {
  let outcome: HistoryOperation.Outcome
  let value: EDNValue
  let error: EDNValue?
}
