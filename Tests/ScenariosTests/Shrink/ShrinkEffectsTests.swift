import Foundation
import ReplShellDomain
@testable import ReplShellHost
import Synchronization
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// `shrink` in a session started with `--effects`: the stale-response race of search as you
/// type, recorded among other queries and completions, shrinks to the two queries and the two
/// completions it needs, each try replayed with the listeners on and their effects held; the
/// scenario it saves holds them too, and replays the race byte-identically, run after run.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ShrinkEffectsTests {
  /// A search session with its side effects held, the race recorded among noise: the reply to
  /// `abc` (#4) arrives after the one to `ab` (#5) was shown.
  private func raceSession(planted: Bool = true, folder: URL = URL(fileURLWithPath: "/")) async throws -> Shell {
    let shell = Shell(domains: [.search(planted: planted)], isScript: true, baseDirectory: folder)
    _ = try await shell.start(domain: "search", options: [DomainContext.effectsOption: "held"])
    let lines = [
      "invariant selectShowsStaleResults == false",
      "dispatch ui.didType(query: \"b\")",
      "complete 1",
      "dispatch ui.didType(query: \"ba\")",
      "dispatch ui.didType(query: \"a\")",
      "fail 2",
      "complete 3",
      "dispatch ui.didType(query: \"abc\")",
      "dispatch ui.didType(query: \"ab\")",
      "complete 5",
    ]
    for line in lines {
      let result = await shell.run(line)
      #expect(result.succeeded, "\(line): \(result.lines.map(\.text))")
    }
    // The race itself: `abc`'s reply after `ab`'s.
    let race = await shell.run("complete 4")
    #expect(race.succeeded == !planted, "\(race.lines.map(\.text))")
    return shell
  }

  /// The steps of a report: its `dispatch`, `complete` and `fail` lines.
  private func steps(_ lines: [String]) -> [String] {
    lines.filter { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("dispatch ") || $0.hasPrefix("complete ") || $0.hasPrefix("fail ") }
  }

  /// Listeners that start for the session and for the replay that names the effects, then no
  /// more: the shrink says so and fails, where it used to read the replays that could not run as
  /// replays that break nothing ("nothing to shrink").
  @Test func listenersThatDoNotStartForAReplayAreAnError() async throws {
    struct Refused: Error {}
    let starts = Mutex(0)
    let domain = Domain.search(listenerStarts: {
      let count = starts.withLock { count in
        count += 1
        return count
      }
      if count > 2 { throw Refused() }
    })
    let shell = Shell(domains: [domain], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "search", options: [DomainContext.effectsOption: "held"])
    for line in ["invariant selectShowsStaleResults == false", "dispatch ui.didType(query: \"abc\")", "dispatch ui.didType(query: \"ab\")", "complete 2"] {
      let result = await shell.run(line)
      #expect(result.succeeded, "\(line): \(result.lines.map(\.text))")
    }
    #expect(await !shell.run("complete 1").succeeded)
    let result = await shell.run("shrink")
    let lines = result.lines.map(\.text)
    #expect(!result.succeeded)
    #expect(lines.contains { $0.hasPrefix("error: explore --effects: the listeners did not start: ") }, "\(lines)")
    #expect(!lines.contains { $0.contains("nothing to shrink") }, "\(lines)")
    #expect(starts.withLock { $0 } == 3)
    await shell.close()
  }

  @Test func aRaceRecordedInAnEffectsSessionShrinksToTwoQueriesAndTwoCompletions() async throws {
    let shell = try await raceSession()
    let result = await shell.run("shrink")
    let lines = result.lines.map(\.text)
    let report = lines.joined(separator: "\n")
    #expect(!result.succeeded)
    #expect(lines.first?.hasPrefix("invariant selectShowsStaleResults == false broken: 10 steps shrunk to 4 in ") == true, "\(report)")
    #expect(lines.first?.hasSuffix("replayed with the side effects held") == true, "\(report)")
    let shrunk = steps(lines)
    try #require(shrunk.count == 4, "\(report)")
    #expect(shrunk[0].hasPrefix("dispatch ui.didType(query: "), "\(report)")
    #expect(shrunk[1].hasPrefix("dispatch ui.didType(query: "), "\(report)")
    #expect(shrunk[0] != shrunk[1], "\(report)")
    // The newer query's reply first, then the older one's: the race.
    #expect(shrunk[2] == "complete 2", "\(report)")
    #expect(shrunk[3] == "complete 1", "\(report)")
    #expect(lines.contains { $0.hasPrefix("side effects: #1 search(query: ") }, "\(report)")
    #expect(lines.contains("  actual: true"), "\(report)")
    // No listener action is kept in place: the listeners dispatch them again in each replay.
    #expect(!lines.contains { $0.contains("a listener's, kept in place") }, "\(report)")
    await shell.close()
  }

  /// The search field written outside the project (`typeahead`), whose requests do not name
  /// their query: `ab`, `a`, `ab` typed after other noise, the first `ab`'s reply and then `a`'s
  /// completed. Deleting the first `ab` leaves its completion naming an effect no step starts;
  /// only the pass that points it at the like effect the second `ab` started (deleting while
  /// redirecting) reaches two queries and two completions.
  @Test func aRaceOfRequestsThatDoNotNameTheirQueryShrinksToItsMinimum() async throws {
    let shell = Shell(domains: [.typeahead], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "typeahead", options: [DomainContext.effectsOption: "held"])
    let lines = [
      "invariant selectShowsStaleResults == false",
      "dispatch ui.didType(query: \"b\")",
      "complete 1",
      "dispatch ui.didType(query: \"ab\")",
      "dispatch ui.didType(query: \"a\")",
      "dispatch ui.didType(query: \"ab\")",
      "complete 2",
    ]
    for line in lines {
      let result = await shell.run(line)
      #expect(result.succeeded, "\(line): \(result.lines.map(\.text))")
    }
    #expect(!(await shell.run("complete 3").succeeded))
    let report = await shell.texts("shrink")
    let shrunk = steps(report)
    #expect(report.first?.hasPrefix("invariant selectShowsStaleResults == false broken: 7 steps shrunk to 4 in ") == true, "\(report)")
    try #require(shrunk.count == 4, "\(report)")
    #expect(shrunk[0].hasPrefix("dispatch ui.didType(query: ") && shrunk[1].hasPrefix("dispatch ui.didType(query: "), "\(report)")
    #expect(Array(shrunk[2...]) == ["complete 2", "complete 1"], "\(report)")
    await shell.close()
  }

  /// `--replay race.txt --shrink ''`: a script that starts `use search --effects`, loaded up to
  /// the line that fails, shrinks with its effects held as the session that typed it does.
  @Test func aScriptThatHoldsItsEffectsShrinksTheSameWhenLoaded() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shrink-effects-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = [
      "use search --effects", "invariant selectShowsStaleResults == false", "dispatch ui.didType(query: \"b\")", "complete 1",
      "dispatch ui.didType(query: \"ba\")", "dispatch ui.didType(query: \"a\")", "fail 2", "complete 3",
      "dispatch ui.didType(query: \"abc\")", "dispatch ui.didType(query: \"ab\")", "complete 5", "complete 4",
    ].joined(separator: "\n") + "\n"
    try Data(script.utf8).write(to: folder.appendingPathComponent("race.txt"))
    let shell = Shell(domains: [.search(planted: true)], isScript: false, baseDirectory: folder)
    let loaded = try await shell.loadScript(contentsOf: folder.appendingPathComponent("race.txt"), name: "race.txt")
    #expect(loaded.failedLine == "complete 4")
    let lines = await shell.texts("shrink")
    #expect(lines.first?.hasPrefix("invariant selectShowsStaleResults == false broken: 10 steps shrunk to 4 in ") == true, "\(lines)")
    let shrunk = steps(lines)
    #expect(shrunk.count == 4 && shrunk[2] == "complete 2" && shrunk[3] == "complete 1", "\(lines)")
    await shell.close()
  }

  @Test func anExpectShrinksWithTheEffectsHeldToo() async throws {
    let shell = try await raceSession()
    _ = await shell.run("invariant clear")
    let lines = await shell.texts("shrink expect selectShowsStaleResults == false")
    let shrunk = steps(lines)
    #expect(lines.first?.hasPrefix("expect selectShowsStaleResults == false fails: 10 steps shrunk to 4 in ") == true, "\(lines)")
    #expect(shrunk.count == 4 && shrunk[2] == "complete 2" && shrunk[3] == "complete 1", "\(lines)")
    await shell.close()
  }

  @Test func aSessionTravelledBackIsAskedToComeBackFirst() async throws {
    let shell = try await raceSession()
    _ = await shell.run("undo")
    let refused = await shell.texts("shrink")
    #expect(refused.first?.hasPrefix("error: the state is back at action ") == true, "\(refused)")
    #expect(refused.first?.contains(" (undo or jump), but the listeners and held effects saw all ") == true, "\(refused)")
    // What it says to type brings the state back.
    let typed = try #require(refused.first?.split(separator: "`").dropFirst().first.map(String.init), "\(refused)")
    #expect(typed.hasPrefix("jump "), "\(refused)")
    #expect(await shell.run(typed).succeeded)
    #expect(steps(await shell.texts("shrink")).count == 4)
    await shell.close()
  }

  @Test func aSessionWhoseRaceIsFixedHasNothingToShrink() async throws {
    let shell = try await raceSession(planted: false)
    let result = await shell.run("shrink")
    #expect(result.succeeded)
    #expect(
      result.lines.map(\.text) == [
        "invariant selectShowsStaleResults == false holds over the 10 steps of this session, replayed with its side effects held: there is nothing to shrink"
      ])
    await shell.close()
  }

  @Test func theSavedScenarioHoldsTheEffectsAndReplaysTheRaceEveryRun() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shrink-effects-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = try await raceSession(folder: folder)
    let lines = await shell.texts("shrink --save race.txt --swift RaceTests.swift")
    #expect(lines.contains { $0.hasPrefix("saved the shrunk sequence as race.txt and its golden as race.golden") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("the fresh run of race.txt fails as it should until the bug is fixed") }, "\(lines)")
    await shell.close()

    let script = try String(contentsOf: folder.appendingPathComponent("race.txt"), encoding: .utf8)
    let scriptLines = script.split(separator: "\n").map(String.init)
    try #require(scriptLines.count == 7, "\(script)")
    #expect(scriptLines[0] == "use search --effects", "\(script)")
    #expect(scriptLines[1].hasPrefix("# shrunk by `shrink` from 10 steps to 4, the listeners on and their side effects held"), "\(script)")
    #expect(scriptLines[2] == "invariant selectShowsStaleResults == false", "\(script)")
    #expect(scriptLines[3].hasPrefix("dispatch --may-reject ui.didType(query: ") && scriptLines[4].hasPrefix("dispatch --may-reject ui.didType(query: "), "\(script)")
    #expect(Array(scriptLines[5...]) == ["complete 2", "complete 1"], "\(script)")
    let golden = try String(contentsOf: folder.appendingPathComponent("race.golden"), encoding: .utf8)

    // Byte-identical every run while the race is there, and passing once it is fixed.
    var transcripts: Set<String> = []
    for _ in 0..<3 {
      let run = await ScriptRunner(domains: [.search(planted: true)]).run(folder.appendingPathComponent("race.txt"), displayPath: "race.txt")
      #expect(!run.succeeded && GoldenComparison(golden: golden, transcript: run.text).matches, "\(run.text)")
      transcripts.insert(run.text)
    }
    #expect(transcripts.count == 1, "\(transcripts)")
    let fixed = await ScriptRunner(domains: [.search(planted: false)]).run(folder.appendingPathComponent("race.txt"), displayPath: "race.txt")
    #expect(fixed.succeeded && GoldenComparison(golden: golden, transcript: fixed.text).matches, "\(fixed.text)")

    let swift = try String(contentsOf: folder.appendingPathComponent("RaceTests.swift"), encoding: .utf8)
    #expect(scriptLines.dropFirst(2).allSatisfy { swift.contains("    " + $0) }, "\(swift)")
  }
}
