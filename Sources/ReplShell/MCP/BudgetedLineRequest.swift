import ReplShellFoundation
import ReplShellHost
import ReplShellSession
import Scenarios
import StateValues

/// A tool call's line, run within the call's time budget: the clock starts when the line's turn
/// comes (not while it waits behind earlier calls), and when it runs out the line is stopped as
/// Ctrl-C stops it at the prompt — its task cancelled, so a long `explore`, `linearize` or wait for
/// side effects ends at its next check — and the reply says so and what to raise. The line runs
/// with the budget as `Budget.current`, so that the work that checks a deadline (an `explore`, a
/// `linearize`, a file's reading) ends by the same instant of its own accord.
struct BudgetedLineRequest: SessionRequest {
  /// The line the tool call stands for.
  let line: String
  /// How long the line may run once its turn has come.
  let timeLimit: Duration

  @MainActor func perform(in shell: Shell) async -> Shell.Result {
    let line = self.line
    let timeLimit = self.timeLimit
    let budget = Budget(within: timeLimit)
    let running = Task { await Budget.$current.withValue(budget) { await LineRequest(line).perform(in: shell) } }
    let clock = Task.detached { () -> Bool in
      do {
        try await Task.sleep(for: timeLimit)
      } catch {
        return false  // The line ended first: the clock was stopped.
      }
      running.cancel()
      return true
    }
    var result = await withTaskCancellationHandler {
      await running.value
    } onCancel: {
      running.cancel()
    }
    clock.cancel()
    let ranOut = await clock.value || budget.deadline.map { ContinuousClock.now >= $0 } == true
    if ranOut {
      result.succeeded = false
      result.lines.append(OutputLine(
        .error,
        "the call ran out of its time budget of \(DurationText.show(timeLimit)) and was stopped; give it more with `--mcp-call-timeout`, such as `--mcp-call-timeout \(DurationText.show(timeLimit * 4))`"))
    }
    return result
  }
}
