import Foundation
import ReplShellDomain
@testable import ReplShellHost
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// `explore --effects` and held effects: the stale-response race of search as you type is found,
/// shrunk to its minimum, reported the same for a seed, saved, and replayed in a scenario that
/// fails while the race is there and passes once it is fixed.
@MainActor @Suite(.timeLimit(.minutes(10))) struct RaceTests {
  private func searchShell(planted: Bool = true, effects: Bool = false, rejectsRepeats: Bool = false) async throws -> Shell {
    let shell = Shell(domains: [.search(planted: planted, rejectsRepeats: rejectsRepeats)], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "search", options: effects ? [DomainContext.effectsOption: "held"] : [:])
    return shell
  }

  @Test func heldEffectsWaitForCompleteAndFail() async throws {
    let shell = try await searchShell(effects: true)
    #expect(await shell.texts("effects") == ["no side effect is held"])
    _ = await shell.run("dispatch ui.didType(query: \"a\")")
    _ = await shell.run("dispatch ui.didType(query: \"ab\")")
    #expect(await shell.texts("effects") == [
      "2 held (`complete N` lets one finish, `fail N` fails it):", "  #1 search(query: \"a\")", "  #2 search(query: \"ab\")",
    ])
    let completed = await shell.texts("complete 2")
    #expect(completed.first == "↳ data.didSearch(query: \"ab\", results: [\"ab\", \"abc\"])   (listener)", "\(completed)")
    let failed = await shell.texts("fail 1")
    #expect(failed.first == "↳ data.didFailSearch(query: \"a\")   (listener)", "\(failed)")
    #expect(await shell.texts("complete 1") == ["error: column 10: no effect #1 is held; none is (`effects` lists them)"])
    #expect(await shell.texts("expect selectShowsStaleResults == false") == ["ok"])
    await shell.close()
  }

  @Test func effectsNeedASessionThatHoldsThem() async throws {
    let shell = try await searchShell()
    #expect(await shell.texts("effects") == ["error: this session runs its side effects freely: start it with `use search --effects` to hold them"])
    let counter = Shell(domains: [.testCounter], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await counter.start(domain: "counter")
    #expect(await counter.texts("explore --effects").first?.hasPrefix("error: counter cannot hold its side effects") == true)
    #expect(await counter.texts("use counter --effects").first?.hasPrefix("error: column 13: `counter` cannot hold its side effects") == true)
    await shell.close()
    await counter.close()
  }

  /// The race, found and shrunk to two queries, the newer reply, then the older.
  private func exploreLines(seed: Int, save: String? = nil, rejectsRepeats: Bool = false) async throws -> [String] {
    let shell = try await searchShell(rejectsRepeats: rejectsRepeats)
    _ = await shell.run("invariant selectShowsStaleResults == false")
    let result = await shell.run("explore --effects --runs 200 --steps 20 --seed \(seed)" + (save.map { " --save \($0)" } ?? ""))
    #expect(!result.succeeded)
    await shell.close()
    return result.lines.map(\.text)
  }

  @Test(arguments: [1, 2, 3, 4])
  func theStaleResponseRaceIsFoundAndShrunkToItsMinimum(seed: Int) async throws {
    let lines = try await exploreLines(seed: seed)
    let steps = lines.filter { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("dispatch ") || $0.hasPrefix("complete ") || $0.hasPrefix("fail ") }
    let report = lines.joined(separator: "\n")
    try #require(steps.count == 4, "\(report)")
    #expect(steps[0].hasPrefix("dispatch ui.didType(query: "), "\(report)")
    #expect(steps[1].hasPrefix("dispatch ui.didType(query: "), "\(report)")
    #expect(steps[0] != steps[1], "\(report)")
    #expect(steps[2] == "complete 2", "\(report)")
    #expect(steps[3] == "complete 1", "\(report)")
    #expect(lines.contains { $0.hasPrefix("side effects: #1 search(query: ") }, "\(report)")
  }

  /// A search field that rejects the query already in it still shrinks to two queries and two
  /// completions, as without the rejection. (The pass that deletes a query while its neighbour
  /// takes its value, for two equal neighbours the reducer rejects, is tested on the shrinker
  /// itself: on this domain, a completion names its effect by its query too, so dropping the
  /// first of three queries already lets a later equal one's effect take its place.)
  @Test(arguments: 1...8)
  func aFieldThatRejectsARepeatedQueryShrinksToTwoQueries(seed: Int) async throws {
    let lines = try await exploreLines(seed: seed, rejectsRepeats: true)
    let steps = lines.filter { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("dispatch ") || $0.hasPrefix("complete ") || $0.hasPrefix("fail ") }
    let report = lines.joined(separator: "\n")
    #expect(steps.filter { $0.hasPrefix("dispatch ui.didType(query: ") }.count == 2, "\(report)")
    #expect(steps.filter { $0.hasPrefix("complete ") }.count == 2, "\(report)")
    #expect(steps.count == 4, "\(report)")
  }

  @Test func aSeedGivesTheSameReport() async throws {
    let first = try await exploreLines(seed: 9)
    let second = try await exploreLines(seed: 9)
    #expect(first == second, "\(first.joined(separator: "\n"))\n----\n\(second.joined(separator: "\n"))")
  }

  @Test func theSavedScenarioReplaysTheOrderAndPassesOnceFixed() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("race-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("race.txt").path
    _ = try await exploreLines(seed: 3, save: path)
    let script = try String(contentsOfFile: path, encoding: .utf8)
    let lines = script.split(separator: "\n").map(String.init)
    #expect(lines.first == "use search --effects", "\(script)")
    #expect(lines.filter { $0.hasPrefix("complete ") } == ["complete 2", "complete 1"], "\(script)")
    #expect(lines.last == "expect selectShowsStaleResults == false", "\(script)")

    func run(planted: Bool) async throws -> (succeeded: Bool, transcript: [String]) {
      let shell = Shell(domains: [.search(planted: planted)], isScript: true, baseDirectory: folder)
      var transcript: [String] = []
      var succeeded = true
      for (number, line) in lines.enumerated() where !line.hasPrefix("#") {
        let result = await shell.run(line, location: "race.txt:\(number + 1)", echoesCommands: true)
        transcript += result.lines.map(\.text)
        succeeded = succeeded && result.succeeded
      }
      await shell.close()
      return (succeeded, transcript)
    }
    let first = try await run(planted: true)
    let second = try await run(planted: true)
    #expect(!first.succeeded, "\(first.transcript)")
    #expect(first.transcript == second.transcript)
    #expect(first.transcript.last?.contains("actual: true") == true, "\(first.transcript)")
    let fixed = try await run(planted: false)
    #expect(fixed.succeeded, "\(fixed.transcript)")
  }
}

/// The search field written outside the project (`typeahead`): its requests do not name their
/// query, so a completion is its effect's only by the step that started it. Three queries where
/// two suffice were left when deleting the middle query made its neighbours equal (rejected) and
/// no pass deleted a query while changing a neighbour; `SequenceShrinker`'s pass that does
/// leaves exactly two queries and two completions.
@MainActor @Suite(.timeLimit(.minutes(10))) struct TypeaheadRaceTests {
  @Test(arguments: 1...12)
  func theRaceShrinksToTwoQueriesAndTwoCompletions(seed: Int) async throws {
    let shell = Shell(domains: [.typeahead], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "typeahead", options: [:])
    _ = await shell.run("invariant selectShowsStaleResults == false")
    let result = await shell.run("explore --effects --runs 200 --steps 20 --seed \(seed)")
    await shell.close()
    let lines = result.lines.map(\.text)
    let report = lines.joined(separator: "\n")
    #expect(!result.succeeded, "\(report)")
    let steps = lines.filter { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("dispatch ") || $0.hasPrefix("complete ") || $0.hasPrefix("fail ") }
    #expect(steps.filter { $0.hasPrefix("dispatch ui.didType(query: ") }.count == 2, "\(report)")
    #expect(steps.filter { $0.hasPrefix("complete ") }.count == 2, "\(report)")
    #expect(steps.count == 4, "\(report)")
  }
}

/// A search field that refuses any query typed before (`freshQueries`), not only the one in the
/// field, its requests naming no query: a query taken out never makes a later one refused, and
/// the shrinker reaches two queries and two completions on every seed and length tried (seeds 1
/// to 400 at 10 to 100 steps when this was written; these are a sample).
@MainActor @Suite(.timeLimit(.minutes(10))) struct FreshQueryRaceTests {
  @Test(arguments: 1...24, [20, 50])
  func theRaceShrinksToTwoQueriesAndTwoCompletions(seed: Int, length: Int) async throws {
    let shell = Shell(domains: [.freshQueries], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "fresh", options: [:])
    _ = await shell.run("invariant selectShowsStaleResults == false")
    let result = await shell.run("explore --effects --runs 200 --steps \(length) --seed \(seed)")
    await shell.close()
    let lines = result.lines.map(\.text)
    let report = lines.joined(separator: "\n")
    #expect(!result.succeeded, "\(report)")
    let steps = lines.filter { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("dispatch ") || $0.hasPrefix("complete ") || $0.hasPrefix("fail ") }
    #expect(steps.filter { $0.hasPrefix("dispatch ui.didType(query: ") }.count == 2, "\(report)")
    #expect(steps.filter { $0.hasPrefix("complete ") }.count == 2, "\(report)")
    #expect(steps.count == 4, "\(report)")
  }
}
