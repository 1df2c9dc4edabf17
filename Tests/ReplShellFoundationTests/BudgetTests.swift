import Foundation
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

  /// The line's budget is where every reading starts: a file read with no budget of its own, or
  /// with only a size of its own (`holding(bytes:)`), ends by the line's deadline.
  @Test func readingsStartFromTheLinesBudget() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("budget-\(UUID().uuidString.prefix(8)).txt").path
    try "some text\n".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(Budget.current.deadline == nil)
    #expect(try FileReach.anywhere.readText(path) == "some text\n")
    Budget.$current.withValue(Budget(deadline: .now)) {
      #expect(Budget.current.holding(bytes: 4).deadline != nil && Budget.current.holding(bytes: 4).maximumBytes == 4)
      #expect(throws: FileReachError.self) { try FileReach.anywhere.readText(path) }
      do throws(FileReachError) {
        _ = try FileReach.anywhere.readText(path, budget: Budget.current.holding(bytes: 1_000))
        Issue.record("read past the line's deadline")
      } catch {
        #expect(error.shortfall == .deadline, "\(error)")
      }
    }
  }

  @Test func aShortfallSaysWhatRanOutAndWhatToRaise() {
    #expect(BudgetShortfall.bytes(limit: 1_000).description(of: "the history") == "the history is larger than 1,000 bytes; raise the limit with `--max-bytes 4000`")
    #expect(BudgetShortfall.depth(limit: 64).description == "the input nests deeper than 64 levels")
    #expect(BudgetShortfall.cancelled.description == "the check was cancelled")
    #expect(BudgetShortfall.bytes(limit: .max).raise == "raise the limit with `--max-bytes \(Int.max)`")
  }
}
