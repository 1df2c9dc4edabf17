import Foundation
@testable import ReplShellCommands
import ReplShellDomain
@testable import ReplShellHost
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// `explore --guided --effects`: coverage-guided runs whose steps are actions and the completions
/// and failures of held effects. They find a bug behind eight failed calls in a row that uniform
/// `explore --effects` misses at the same budget, find the stale-reply races of the search
/// domains and shrink them to their minimum, repeat their report from the seed, save as
/// `explore --effects` does, and refuse `--corpus` with what to type.
@MainActor @Suite(.timeLimit(.minutes(10))) struct GuidedRaceTests {
  private func shell(_ domain: Domain, name: String, invariant: String, in folder: URL = URL(fileURLWithPath: "/")) async throws -> Shell {
    let shell = Shell(domains: [domain], isScript: true, baseDirectory: folder)
    _ = try await shell.start(domain: name, options: [:])
    _ = await shell.run("invariant \(invariant)")
    return shell
  }

  /// The steps of a report's shrunk sequence, as typed.
  private func steps(_ lines: [String]) -> [String] {
    lines.filter { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("dispatch ") || $0.hasPrefix("complete ") || $0.hasPrefix("fail ") }
  }

  @Test func guidedFindsTheDeepBugUniformMissesAtTheSameBudget() async throws {
    let uniform = try await shell(.callBreaker, name: "calls", invariant: "selectTrippedEarly == false")
    let missed = await uniform.run("explore --effects --seed 1 --runs 1000 --steps 50")
    await uniform.close()
    #expect(missed.succeeded, "\(missed.lines.map(\.text).joined(separator: "\n"))")

    let guided = try await shell(.callBreaker, name: "calls", invariant: "selectTrippedEarly == false")
    let found = await guided.run("explore --guided --effects --seed 1 --runs 1000 --steps 50")
    await guided.close()
    let lines = found.lines.map(\.text)
    let report = lines.joined(separator: "\n")
    #expect(!found.succeeded, "\(report)")
    #expect(lines.first == "explore: 1000 guided runs of up to 50 actions with their side effects held, seed 1, 1 invariant")
    // Shrunk to the minimum: twelve calls, eight failed, the timer, three completed probes and one more failure.
    let shrunk = steps(lines)
    #expect(shrunk.count == 25, "\(report)")
    #expect(shrunk.filter { $0 == "dispatch ui.didTapSend" }.count == 12, "\(report)")
    #expect(shrunk.filter { $0 == "dispatch ui.timerDidFire" }.count == 1, "\(report)")
    #expect(shrunk.filter { $0.hasPrefix("fail ") }.count == 9, "\(report)")
    #expect(shrunk.filter { $0.hasPrefix("complete ") }.count == 3, "\(report)")
  }

  @Test(arguments: 1...4)
  func theSearchRacesAreFoundAndShrunkToTwoQueriesAndTwoCompletions(seed: Int) async throws {
    for (domain, name) in [(Domain.search(), "search"), (.search(rejectsRepeats: true), "search"), (.typeahead, "typeahead"), (.freshQueries, "fresh")] {
      let shell = try await shell(domain, name: name, invariant: "selectShowsStaleResults == false")
      let result = await shell.run("explore --guided --effects --runs 200 --steps 20 --seed \(seed)")
      await shell.close()
      let lines = result.lines.map(\.text)
      let report = lines.joined(separator: "\n")
      #expect(!result.succeeded, "\(report)")
      let shrunk = steps(lines)
      #expect(shrunk.filter { $0.hasPrefix("dispatch ui.didType(query: ") }.count == 2, "\(name): \(report)")
      #expect(shrunk.filter { $0.hasPrefix("complete ") }.count == 2, "\(name): \(report)")
      #expect(shrunk.count == 4, "\(name): \(report)")
    }
  }

  @Test func aSeedGivesTheSameReport() async throws {
    for (domain, name, invariant) in [
      (Domain.search(planted: false), "search", "selectShowsStaleResults == false"), (.callBreaker, "calls", "selectTrippedEarly == false"),
    ] {
      var reports: [[String]] = []
      for _ in 0..<2 {
        let shell = try await shell(domain, name: name, invariant: invariant)
        reports.append(await shell.texts("explore --guided --effects --seed 5 --runs 300 --steps 30"))
        await shell.close()
      }
      #expect(reports[0] == reports[1], "\(reports[0].joined(separator: "\n"))\n----\n\(reports[1].joined(separator: "\n"))")
      #expect(reports[0].contains { $0.hasPrefix("states: ") }, "\(reports[0])")
    }
  }

  @Test func aFailureSavesAsAScenarioWithItsCompletions() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guided-race-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = try await shell(.search(), name: "search", invariant: "selectShowsStaleResults == false", in: folder)
    let found = await shell.run("explore --guided --effects --runs 200 --steps 20 --seed 3 --save race.txt")
    await shell.close()
    #expect(!found.succeeded)
    #expect(found.lines.map(\.text).contains("saved the failure as race.txt: `replshell --script race.txt` reproduces it"), "\(found.lines.map(\.text))")
    let script = try String(contentsOf: folder.appendingPathComponent("race.txt"), encoding: .utf8)
    let lines = script.split(separator: "\n").map(String.init)
    #expect(lines.first == "use search --effects", "\(script)")
    #expect(lines.contains("# found by explore --guided --effects --seed 3; fails until the bug is fixed"), "\(script)")
    #expect(lines.filter { $0.hasPrefix("dispatch --may-reject ui.didType(query: ") }.count == 2, "\(script)")
    #expect(lines.filter { $0.hasPrefix("complete ") } == ["complete 2", "complete 1"], "\(script)")
    #expect(lines.last == "expect selectShowsStaleResults == false", "\(script)")
    // Run as a scenario, it fails at its `expect`: the order reaches the race again.
    let outcome = await Shell(domains: [.search()], isScript: true, baseDirectory: folder).run(ScriptLines(text: script, name: "race.txt"))
    #expect(outcome.failedLocation == "race.txt:\(lines.count)")
  }

  @Test func corpusIsRefusedWithEffectsWithWhatToType() async throws {
    let message = "--corpus keeps the actions of guided runs of the reducer alone, not the effects --effects completes: "
      + "`explore --guided --effects` starts from an empty corpus each time (a --seed repeats it), or leave out --effects to keep one"
    #expect(parseError("explore --guided --effects --corpus kept")?.message == message)
    #expect(parseError("explore --guided --effects --corpus kept")?.column == 37)
    let shell = try await shell(.search(), name: "search", invariant: "selectShowsStaleResults == false")
    #expect(await shell.texts("explore --effects --guided --corpus kept") == ["error: column 37: " + message])
    await shell.close()
  }
}
