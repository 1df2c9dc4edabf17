import Foundation
@testable import ReplShellCommands
@testable import ReplShellHost
import SessionProtocol
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// `invariant` and `explore`: invariants checked after every dispatch, and generated action
/// sequences that find a planted bug and shrink it to the same minimal sequence every time.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ExploreTests {
  private func bankShell(planted: Bool = true) async throws -> Shell {
    let shell = Shell(domains: [.bank(planted: planted), .testCounter], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "bank")
    return shell
  }

  @Test func aBrokenInvariantFailsTheDispatchWithTheActionAndTheActualValue() async throws {
    let shell = try await startedShell()
    #expect(await shell.texts("invariant selectValue != 2") == ["invariant selectValue != 2 is checked after every dispatch"])
    #expect(await shell.run("dispatch didTapIncrementButton").succeeded)
    let broken = await shell.run("dispatch didTapIncrementButton", location: "s.txt:4")
    #expect(!broken.succeeded)
    #expect(broken.lines.map(\.text).suffix(2) == ["error: s.txt:4: invariant selectValue != 2 broken by `didTapIncrementButton`", "  actual: 2"])
    #expect(broken.events.contains(.invariant(InvariantEvent(
      name: "selectValue != 2", holds: false, message: "invariant selectValue != 2 broken by `didTapIncrementButton`\n  actual: 2"))))
  }

  @Test func aListenersDispatchIsCheckedToo() async throws {
    let shell = Shell(domains: [.signals], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "signals")
    _ = await shell.run("invariant selectCount != 2")
    // `ping` makes the count 1; the listener's `pong` makes it 2.
    let result = await shell.run("dispatch ping", location: "s.txt:3")
    #expect(!result.succeeded)
    #expect(result.lines.map(\.text).suffix(2) == ["error: s.txt:3: invariant selectCount != 2 broken by `pong`", "  actual: 2"])
    await shell.close()
  }

  @Test func dispatchMayRejectNotesTheRejection() async throws {
    let shell = try await bankShell()
    #expect(await shell.texts("dispatch --may-reject deposit(account: \"nobody\", amount: 5)") == ["rejected, state unchanged: no such account"])
    #expect(await shell.texts("dispatch deposit(account: \"nobody\", amount: 5)") == [
      "error: column 10: the reducer rejected the action, state unchanged: no such account"
    ])
  }

  @Test func invariantsAreListedClearedAndRefusedWhenTheyDoNotHoldNow() async throws {
    let shell = try await startedShell()
    #expect(await shell.texts("invariant") == ["no invariants: add one with `invariant <selector> == <value>`"])
    #expect(await shell.texts("invariant selectValue == 5") == ["error: column 11: invariant selectValue == 5 does not hold now, so it was not added", "  actual: 0"])
    _ = await shell.run("invariant selectValue != 3")
    _ = await shell.run("invariant selectValue != -3")
    #expect(await shell.texts("invariant") == ["invariant selectValue != 3", "invariant selectValue != -3"])
    #expect(await shell.texts("invariant clear") == ["cleared 2 invariants"])
    #expect(await shell.texts("invariant selectValue <= 3") == ["invariant selectValue <= 3 is checked after every dispatch"])
    #expect(await shell.texts("invariant selectValue = 3") == ["error: column 23: `=` does not compare: write `==`"])
    #expect(parseError("invariant selectValue 3")?.message.hasPrefix("expected `==`, `!=`, `<`, `<=`, `>`, `>=` or `contains`") == true)
  }

  @Test func expectTakesNotEqual() async throws {
    let shell = try await startedShell()
    #expect(await shell.texts("expect selectValue != 1") == ["ok"])
    #expect(await shell.texts("expect selectValue != 0") == ["error: column 8: expectation failed: selectValue != 0", "  actual: 0"])
  }

  @Test func explorationFindsThePlantedBugAndShrinksItToTheMinimalSequence() async throws {
    let shell = try await bankShell()
    _ = await shell.run("invariant selectOverdrawn == 0")
    let result = await shell.run("explore --seed 1 --runs 200", location: "bank.txt:3")
    #expect(!result.succeeded)
    let texts = result.lines.map(\.text)
    let headline = try #require(texts.firstIndex { $0.hasPrefix("invariant selectOverdrawn == 0 broken in run") })
    #expect(Array(texts[(headline + 1)...].prefix(3)) == [
      "  dispatch open(account: \"\")",
      "  dispatch withdraw(account: \"\", amount: 1)",
      "last step: withdraw(account: \"\", amount: 1)",
    ])
    #expect(texts.contains("  actual: 1"))
    #expect(texts.last?.hasPrefix("error: bank.txt:3: explore broke invariant selectOverdrawn == 0 in run") == true)
    // The state is untouched: explore runs the reducer alone.
    #expect(await shell.texts("select selectOverdrawn") == ["0"])
    #expect(await shell.texts("history") == ["no actions dispatched yet"])
  }

  @Test func theSameSeedPrintsTheSameReportForAnyNumberOfJobs() async throws {
    var reports: [[String]] = []
    for jobs in [1, 3, 1] {
      let shell = try await bankShell()
      _ = await shell.run("invariant selectOverdrawn == 0")
      reports.append(await shell.texts("explore --seed 42 --runs 300 --jobs \(jobs)"))
    }
    #expect(reports[0] == reports[1])
    #expect(reports[0] == reports[2])
    #expect(reports[0].contains { $0.hasPrefix("coverage: ") })
  }

  @Test func withoutAFailureTheCoverageTableCountsEveryCaseAndFlagsTheNeverAccepted() async throws {
    let shell = try await bankShell(planted: false)
    _ = await shell.run("invariant selectOverdrawn == 0")
    let texts = await shell.texts("explore --seed 3 --runs 50 --steps 20 --skip open")
    #expect(texts.first == "explore: 50 runs of up to 20 actions, seed 3, 1 invariant")
    #expect(texts.contains("no invariant broke in 50 runs"))
    #expect(texts.contains("coverage: 50 runs, 1000 actions tried"))
    // Without `open` no account exists, so every deposit and withdrawal is rejected.
    #expect(texts.contains { $0.hasPrefix("! deposit ") })
    #expect(texts.contains { $0.hasPrefix("! withdraw ") })
    #expect(texts.contains { $0 == "  deposit rejected most often (\(self.count("deposit", in: texts))×): no such account" })
    // The case table ends there; the abstract states follow it.
    let tableEnd = try #require(texts.firstIndex(of: "! 2 action cases were never accepted"))
    #expect(texts[tableEnd + 1].hasPrefix("states: "))
  }

  private func count(_ name: String, in table: [String]) -> Int {
    let row = table.first { $0.hasPrefix("! \(name) ") } ?? ""
    return Int(row.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).first ?? "") ?? -1
  }

  @Test func aSavedFailureReproducesUntilTheBugIsFixed() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = Shell(domains: [.bank()], isScript: true, baseDirectory: folder)
    _ = try await shell.start(domain: "bank")
    // Set-up the saved scenario keeps: an account exists, so the failure needs one action.
    _ = await shell.run("dispatch open(account: \"bob\")")
    _ = await shell.run("invariant selectOverdrawn == 0")
    _ = await shell.run("explore --seed 1 --runs 200 --save found.txt")
    let saved = try String(contentsOf: folder.appendingPathComponent("found.txt"), encoding: .utf8)
    #expect(saved == """
      use bank
      dispatch open(account: "bob")
      # found by explore --seed 1; fails until the bug is fixed
      dispatch --may-reject withdraw(account: "bob", amount: 1)
      expect selectOverdrawn == 0

      """)
    for (planted, fails) in [(true, true), (false, false)] {
      let fresh = Shell(domains: [.bank(planted: planted)], isScript: true, baseDirectory: folder)
      let outcome = await fresh.run(ScriptLines(text: saved, name: "found.txt"))
      #expect((outcome.failedLocation == "found.txt:5") == fails, "planted: \(planted)")
      #expect((outcome.failedLocation == nil) == !fails, "planted: \(planted)")
    }
  }

  @Test func saveKeepsInvariantsAsSettings() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invariant-save-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = Shell(domains: [.testCounter], isScript: true, baseDirectory: folder)
    _ = try await shell.start(domain: "counter")
    for line in ["invariant selectValue != 3", "dispatch didTapIncrementButton", "explore --seed 1 --runs 5 --steps 1", "save kept.txt"] {
      #expect(await shell.run(line).succeeded, "\(line)")
    }
    let saved = try String(contentsOf: folder.appendingPathComponent("kept.txt"), encoding: .utf8)
    #expect(saved == "use counter\ninvariant selectValue != 3\ndispatch didTapIncrementButton\n")
  }

  @Test func optionsAreCheckedWithWhatToTypeInstead() {
    #expect(parseError("explore --runs 0")?.message == "--runs takes a whole number > 0, e.g. `--runs 100`")
    #expect(parseError("explore --rnus 5")?.message == "unknown option `--rnus`: did you mean `--runs`?")
    #expect(parseError("explore --shard 3/2")?.message == "--shard takes K/N with 1 ≤ K ≤ N, e.g. `--shard 1/4`")
    #expect(parseError("explore --save out")?.message == "scenario scripts end in `.txt`, so that `--check` finds them: try `--save out.txt`")
    #expect(parseError("explore --time soon")?.message == "--time takes a duration such as `10s`, `500ms` or `2m`")
    // Past the longest duration a number no longer fits in milliseconds: refused, not a trap.
    for text in ["1e300s", "infs", "nans", "1e18m"] {
      #expect(parseError("explore --time \(text)")?.message == "--time takes a duration such as `10s`, `500ms` or `2m`", "\(text)")
    }
  }

  @Test func timeStopsStartingRuns() async throws {
    let shell = try await bankShell(planted: false)
    let texts = await shell.texts("explore --seed 5 --runs 100000000 --time 50ms")
    #expect(texts.contains { $0.hasPrefix("no invariant broke in ") && $0.hasSuffix(" runs (stopped by --time or Ctrl-C before every run ran)") })
  }

  @Test func shardsTakeTheirSliceOfTheRuns() async throws {
    let shell = try await bankShell(planted: false)
    let first = await shell.texts("explore --seed 5 --runs 10 --shard 1/2")
    let second = await shell.texts("explore --seed 5 --runs 10 --shard 2/2")
    #expect(first.contains("coverage: 5 runs, 250 actions tried"))
    #expect(second.contains("coverage: 5 runs, 250 actions tried"))
    #expect(first != second)
  }
}

/// Shrinking reaches the true minimum of a stock whose write-off ignores reserved units:
/// `receive 1`, `reserve 1`, `writeOff 1` of one SKU, which needs an action deleted while
/// quantities elsewhere are lowered, and several quantities lowered together.
@MainActor @Suite(.timeLimit(.minutes(10))) struct StockShrinkTests {
  @Test(arguments: 1...8)
  func theShrunkFailureIsTheTrueMinimum(seed: Int) async throws {
    let shell = Shell(domains: [.stock()], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "stock")
    _ = await shell.run("invariant selectShortfalls == 0")
    let result = await shell.run("explore --runs 500 --steps 30 --seed \(seed)")
    let dispatches = result.lines.map(\.text).filter { $0.hasPrefix("  dispatch ") || $0.hasPrefix("dispatch ") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    let sku = try #require(
      dispatches.first.flatMap { $0.split(separator: "\"", omittingEmptySubsequences: false).dropFirst().first.map(String.init) },
      "\(result.lines.map(\.text))")
    #expect(dispatches == [
      "dispatch receive(sku: \"\(sku)\", quantity: 1)", "dispatch reserve(sku: \"\(sku)\", quantity: 1)",
      "dispatch writeOff(sku: \"\(sku)\", quantity: 1)",
    ], "\(result.lines.map(\.text).joined(separator: "\n"))")
  }
}
