import ReplShellFoundation
import Testing

/// The one budget: defaults that hold when nobody gives a limit, interruptions from the caller and
/// the clock, and shortfalls that say what ran out and what to raise.
@Suite struct BudgetTests {
  @Test func everyLimitHasADefault() {
    let budget = Budget()
    #expect(budget.maximumDepth == 64 && budget.maximumBytes == 64 << 20 && budget.maximumOperations == 250_000)
    #expect(budget.deadline == nil && budget.interruption() == nil)
  }

  @Test func cancellationComesBeforeTheDeadline() {
    #expect(Budget(deadline: .now, isCancelled: { true }).interruption() == .cancelled)
    #expect(Budget(deadline: .now, isCancelled: { false }).interruption() == .deadline)
    #expect(Budget(within: .seconds(3_600)).interruption() == nil)
  }

  @Test func endingByKeepsTheEarlierDeadline() {
    let soon = ContinuousClock.now + .seconds(1)
    let later = soon + .seconds(60)
    #expect(Budget(deadline: later).ending(by: soon).deadline == soon)
    #expect(Budget(deadline: soon).ending(by: later).deadline == soon)
    #expect(Budget().ending(by: soon).deadline == soon)
    #expect(Budget(deadline: soon).ending(by: nil).deadline == soon)
  }

  @Test func aShortfallSaysWhatRanOutAndWhatToRaise() {
    #expect(BudgetShortfall.bytes(limit: 1_000).description(of: "the history") == "the history is larger than 1,000 bytes; raise the limit with `--max-bytes 4000`")
    #expect(BudgetShortfall.depth(limit: 64).description == "the input nests deeper than 64 levels")
    #expect(BudgetShortfall.cancelled.description == "the check was cancelled")
    #expect(BudgetShortfall.bytes(limit: .max).raise == "raise the limit with `--max-bytes \(Int.max)`")
  }
}
