import Foundation
import SampleDomains
import Scenarios
import Synchronization
import Testing

@testable import ReplShell

/// Ctrl-C during a long Tab: the terminal's SIGINT reaches `TabInterruption`'s handler, the
/// completion's budget sees it at its next look and stops with nothing offered (no message: the
/// user asked), SIGINT is handled as before afterwards, and the session completes the next line.
@MainActor @Suite(.serialized, .timeLimit(.minutes(3)))
struct TabInterruptionTests {
  @Test func ctrlCStopsALongCompletionAndTheSessionGoesOn() async throws {
    let shell = Shell(domains: [.counter], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "counter")
    let expected = ShellCompletion.of("state va", in: shell).candidates
    #expect(!expected.isEmpty)
    // SIGINT ignored around the test: were the handler not installed, the signal would do nothing
    // (instead of ending the test process) and the completion would run to its end.
    let outside = signal(SIGINT, SIG_IGN)
    defer { signal(SIGINT, outside) }

    let line = "state " + String(repeating: "value[0]", count: 100_000)
    let whole = CompletionBudget(limit: .seconds(600))
    _ = ShellCompletion.of(line, in: CompletionContext(shell: shell, completing: line, budget: whole))
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
      return (ShellCompletion.of(line, in: CompletionContext(shell: shell, completing: line, budget: budget)), budget)
    }
    #expect(completion.candidates.isEmpty)
    #expect(completion.refusal == nil)
    #expect(budget.ending == .interrupted)
    // It stopped at that look, after scanning the line's characters and before reading its tokens.
    #expect(budget.steps < whole.steps, "it stopped after \(budget.steps) of the \(whole.steps) steps the whole line takes")
    #expect(looks.load(ordering: .relaxed) == 1)
    let flagAfterTab = Interrupt.received.load(ordering: .relaxed)
    #expect(!flagAfterTab, "the flag is cleared for the next Tab")
    // SIGINT is ignored again, as before the Tab: another one sets no flag (and ends nothing).
    kill(getpid(), SIGINT)
    let flagAfterAnother = Interrupt.received.load(ordering: .relaxed)
    #expect(!flagAfterAnother)
    #expect(ShellCompletion.of("state va", in: shell).candidates == expected)
  }
}
