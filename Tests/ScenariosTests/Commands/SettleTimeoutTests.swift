import Foundation
import ImmutableData
import ReplShellDomain
@testable import ReplShellHost
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The actions of a domain whose listener starts work that outlasts the session's patience.
enum ChoreAction: Codable, Equatable, Sendable {
  case didStartChore(name: String)
  case didFinishChore
}

/// Holds a chore until the test opens it, so a test decides when the listener finishes, whatever
/// the machine's load.
final class ChoreGate: Sendable {
  private let opened: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (opened, continuation) = AsyncStream<Void>.makeStream()
  }

  /// Lets the waiting chore finish.
  func open() {
    continuation.finish()
  }

  /// Returns once `open()` was called.
  func wait() async {
    for await _ in opened {}
  }
}

extension Domain {
  /// A domain whose listener, on `didStartChore`, works for `chore` (or until `gate` opens) before
  /// it dispatches `didFinishChore`.
  static func chores(settleTimeout: Duration, chore: Duration, gate: ChoreGate? = nil) -> Domain {
    Domain(
      name: "chores", summary: "a listener that takes its time",
      initialState: { 0 },
      reducer: { (state: Int, action: ChoreAction) -> Int in state + 1 },
      actionExamples: [ChoreAction.didStartChore(name: "dishes"), .didFinishChore],
      selectors: [SelectorDefinition("selectCount") { { (state: Int) in state } }],
      settleTimeout: settleTimeout,
      listen: { store, _ in
        let stream = store.makeStream()
        return Task { @MainActor in
          for await (_, action) in stream {
            guard case .didStartChore = action else { continue }
            if let gate {
              await gate.wait()
            } else {
              try? await Task.sleep(for: chore)
            }
            try? store.dispatch(action: .didFinishChore)
          }
        }
      })
  }
}

@MainActor @Suite(.timeLimit(.minutes(10))) struct SettleTimeoutTests {
  @Test func aDomainSetsHowLongCommandsWaitAndTheErrorNamesWhatIsStillRunning() async throws {
    // The chore waits at a gate the test opens only afterwards: it is still at work when the wait
    // gives up, however slow the machine; 2 s leaves a starved listener time to take its action.
    let gate = ChoreGate()
    defer { gate.open() }
    let domain = Domain.chores(settleTimeout: .seconds(2), chore: .zero, gate: gate)
    #expect(domain.settleTimeout == .seconds(2))
    let shell = Shell(domains: [domain], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    // The domain's own timeout is what this test is about, whatever REPLSHELL_SETTLE_TIMEOUT says
    // (`make test` gives the suite ten minutes, a hang guard for a loaded machine).
    shell.settings.settleTimeout = nil
    _ = try await shell.start(domain: "chores")
    let result = await shell.run(#"dispatch didStartChore(name: "dishes")"#)
    // The error names the timeout that gave up: the domain's 2 s, not the 60 s default.
    let error = try #require(result.lines.last { $0.kind == .error }?.text)
    #expect(error.contains("listeners did not finish their side effects within 2 seconds"), "\(error)")
    #expect(error.contains(#"still at work: listener stream 1 on `didStartChore(name: "dishes")`"#), "\(error)")
    #expect(error.contains("`settleTimeout`"))
    await shell.close()
  }

  @Test func theShellsTimeoutTakesThePlaceOfTheDomains() async throws {
    let gate = ChoreGate()
    let shell = Shell(domains: [.chores(settleTimeout: .seconds(600), chore: .zero, gate: gate)], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    shell.settings.settleTimeout = .milliseconds(200)
    _ = try await shell.start(domain: "chores")
    let result = await shell.run(#"dispatch didStartChore(name: "dishes")"#)
    let error = try #require(result.lines.last { $0.kind == .error }?.text)
    #expect(error.contains("listeners did not finish their side effects within 0.2 seconds"), "\(error)")
    gate.open()
    await shell.close()
  }

  @Test func theEnvironmentGivesTheShellsTimeoutInSeconds() {
    #expect(ShellSettings.settleTimeout(environmentValue: "300") == .seconds(300))
    #expect(ShellSettings.settleTimeout(environmentValue: "0.5") == .milliseconds(500))
    for refused in [nil, "", "soon", "0", "-1", "inf", "nan"] {
      #expect(ShellSettings.settleTimeout(environmentValue: refused) == nil, "\(refused ?? "nil")")
    }
  }

  @Test func theDefaultIsAMinute() {
    let domain = Domain(
      name: "plain", summary: "no listener", initialState: { 0 }, reducer: { (state: Int, action: Int) in state + action },
      actionExamples: [1], selectors: [SelectorDefinition<Int, Int>]())
    #expect(domain.settleTimeout == .seconds(60))
  }

  @Test func aSettlingListenerFinishesWithinTheTimeout() async throws {
    // A timeout no loaded machine reaches: the test is that the listener's work is waited for.
    let shell = Shell(domains: [.chores(settleTimeout: .seconds(600), chore: .milliseconds(10))], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "chores")
    let result = await shell.run(#"dispatch didStartChore(name: "dishes")"#)
    #expect(result.succeeded)
    #expect(await shell.texts("history") == [#"1  didStartChore(name: "dishes")"#, "2  ↳ didFinishChore   (listener)"])
    await shell.close()
  }
}
