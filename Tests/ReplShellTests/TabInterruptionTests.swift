import Foundation
import ReplShellCommands
import ReplShellHost
import ReplShellSession
import SampleDomains
import Scenarios
import Synchronization
import Testing

@testable import ReplShell

/// Ctrl-C during a long Tab: the terminal's SIGINT reaches `TabInterruption`'s handler, the
/// completion's budget sees it at its next look and stops with nothing offered (no message: the
/// user asked), SIGINT is handled as before afterwards, and the session completes the next line.
/// It runs in a process of its own (an exit test): the signals it sends would otherwise reach
/// the other tests' threads.
@Suite(.timeLimit(.minutes(10)))
struct TabInterruptionTests {
  @Test func ctrlCStopsALongCompletionAndTheSessionGoesOn() async throws {
    let result = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
      await TabInterruptionTests.interruptALongTab()
    }
    #expect(String(decoding: result.standardErrorContent, as: UTF8.self).isEmpty)
  }

  /// Completes a long line with Ctrl-C arriving at the completion's first look; says on standard
  /// error what did not hold, and exits with a failure then.
  @MainActor static func interruptALongTab() async {
    var failures: [String] = []
    func check(_ holds: Bool, _ what: String) {
      if !holds { failures.append(what) }
    }
    let shell = Shell(domains: [.counter], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try? await shell.start(domain: "counter")
    let expected = ShellCompletion.of("state va", in: shell).candidates
    check(!expected.isEmpty, "`state va` completes before the Tab")
    // SIGINT ignored around the Tab: were the handler not installed, the signal would do nothing
    // (instead of ending the process) and the completion would run to its end.
    signal(SIGINT, SIG_IGN)

    let line = "state " + String(repeating: "value[0]", count: 100_000)
    let whole = CompletionBudget(limit: .seconds(600))
    _ = ShellCompletion.of(line, in: CompletionContext(host: shell, completing: line, budget: whole))
    let looks = Atomic<Int>(0)
    let (completion, budget) = TabInterruption.run { isInterrupted in
      let budget = CompletionBudget(limit: .seconds(600)) {
        // Ctrl-C arrives while the completion runs, at its first look: the terminal signals the
        // process, and whichever thread takes the signal runs the handler; the look waits for it.
        if looks.add(1, ordering: .relaxed).newValue == 1 {
          kill(getpid(), SIGINT)
          while !isInterrupted() { sched_yield() }
        }
        return isInterrupted()
      }
      return (ShellCompletion.of(line, in: CompletionContext(host: shell, completing: line, budget: budget)), budget)
    }
    check(completion.candidates.isEmpty, "no candidates after Ctrl-C")
    check(completion.refusal == nil, "no message after Ctrl-C: \(completion.refusal ?? "")")
    check(budget.ending == .interrupted, "the budget ended by the interruption, not \(String(describing: budget.ending))")
    // It stopped at that look, after scanning the line's characters and before reading its tokens.
    check(budget.steps < whole.steps, "it stopped after \(budget.steps) of the \(whole.steps) steps the whole line takes")
    check(looks.load(ordering: .relaxed) == 1, "it looked once, not \(looks.load(ordering: .relaxed)) times")
    check(!Interrupt.received.load(ordering: .relaxed), "the flag is cleared for the next Tab")
    // SIGINT is ignored again, as before the Tab: another one sets no flag (and ends nothing).
    kill(getpid(), SIGINT)
    check(!Interrupt.received.load(ordering: .relaxed), "another SIGINT after the Tab sets no flag")
    check(ShellCompletion.of("state va", in: shell).candidates == expected, "`state va` completes after the Tab")
    guard failures.isEmpty else {
      FileHandle.standardError.write(Data(failures.joined(separator: "\n").utf8))
      exit(1)
    }
  }
}
