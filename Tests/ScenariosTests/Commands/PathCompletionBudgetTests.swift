import Foundation
@testable import ReplShellCommands
@testable import ReplShellHost
import TestSupport
import Testing

@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession

/// Path completion's work is linear in the line, counted in steps (characters scanned, tokens
/// read, children compared) rather than timed: a line twice as long costs at most about twice
/// the steps. Past its budget, or when interrupted, completion offers nothing, says why (a time
/// limit) or nothing (Ctrl-C), and the session completes the next line as before.
@MainActor @Suite(.timeLimit(.minutes(10)))
struct PathCompletionBudgetTests {
  /// The steps completing `line` took, what it offered, and why it stopped, with a generous limit.
  private func complete(_ line: String, in shell: Shell, limit: Duration = .seconds(600), isInterrupted: @escaping @Sendable () -> Bool = { false })
    -> (steps: Int, completion: ShellCompletion, ending: CompletionBudget.Ending?)
  {
    let budget = CompletionBudget(limit: limit, isInterrupted: isInterrupted)
    let completion = ShellCompletion.of(line, in: CompletionContext(host: shell, completing: line, budget: budget))
    return (budget.steps, completion, budget.ending)
  }

  @Test func bracketsCostStepsInProportionToTheirNumber() async throws {
    let shell = try await startedShell()
    let tenThousand = complete("state " + String(repeating: "[", count: 10_000), in: shell)
    let twentyThousand = complete("state " + String(repeating: "[", count: 20_000), in: shell)
    #expect(tenThousand.ending == nil && twentyThousand.ending == nil)
    #expect(tenThousand.completion.candidates.isEmpty && tenThousand.completion.refusal == nil)
    // Linear: a few steps per character, and doubling the line at most about doubles them (a
    // quadratic walk, which parsed every prefix again, quadruples them).
    #expect(tenThousand.steps >= 10_000 && tenThousand.steps <= 4 * 10_000, "\(tenThousand.steps) steps for 10,000 brackets")
    #expect(Double(twentyThousand.steps) <= 2.1 * Double(tenThousand.steps), "\(tenThousand.steps) then \(twentyThousand.steps) steps")
  }

  @Test func aTwelveKilobyteSubscriptLineIsAnsweredInLinearSteps() async throws {
    let shell = try await startedShell()
    let line = "state " + String(repeating: "value[0]", count: 1_536)
    let answer = complete(line, in: shell)
    #expect(answer.ending == nil)
    #expect(answer.completion.candidates.isEmpty && answer.completion.refusal == nil)
    #expect(answer.steps <= 4 * line.count, "\(answer.steps) steps for \(line.count) characters")
    let doubled = complete(line + String(repeating: "value[0]", count: 1_536), in: shell)
    #expect(Double(doubled.steps) <= 2.1 * Double(answer.steps), "\(answer.steps) then \(doubled.steps) steps")
  }

  @Test func pathsStillCompleteAfterALongWalk() async throws {
    let shell = try await startedShell()
    #expect(complete("state val", in: shell).completion.candidates.map(\.text) == ["value"])
    #expect(complete("why va", in: shell).completion.candidates.map(\.text) == ["value"])
    #expect(complete("history --changed v", in: shell).completion.candidates.map(\.text) == ["value"])
  }

  @Test func pastItsBudgetCompletionSaysWhyAndWhatToDo() async throws {
    let shell = try await startedShell()
    let line = "state " + String(repeating: "[", count: 30_000)
    let answer = complete(line, in: shell, limit: .zero)
    #expect(answer.ending == .timedOut)
    #expect(answer.completion.candidates.isEmpty)
    #expect(answer.completion.refusal == "completion gave up after 0 s on a 30,006-character line; shorten the path")
    #expect(complete("state val", in: shell).completion.candidates.map(\.text) == ["value"])
  }

  @Test func anInterruptionStopsItSilentlyAndTheSessionGoesOn() async throws {
    let shell = try await startedShell()
    let answer = complete("state " + String(repeating: "[", count: 30_000), in: shell, isInterrupted: { true })
    #expect(answer.ending == .interrupted)
    #expect(answer.completion.candidates.isEmpty && answer.completion.refusal == nil)
    // Stopped at its first look at the interruption: before the line's tokens were read.
    #expect(answer.steps < 30_000 * 2)
    #expect(complete("state val", in: shell).completion.candidates.map(\.text) == ["value"])
    #expect(await shell.run("state value").succeeded)
  }

  @Test func theRequestTakesTheSnapshotOnTheMainActorAndAnswersFromOffIt() async throws {
    let shell = try await startedShell()
    let host = SessionHost(shell: shell)
    let answer = await host.submit(CompletionQuery("state " + String(repeating: "[", count: 10_000), limit: .seconds(600)))
    #expect(answer.candidates.isEmpty && answer.refusal == nil)
    #expect(await host.submit(CompletionQuery("state va")).candidates.map(\.text) == ["value"])
  }
}
