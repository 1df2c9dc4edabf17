import Foundation
import ReplShellDomain
@testable import ReplShellHost
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// `explore --effects` over the sample domains' in-memory stores: the Animals listener's race,
/// fixed, stays fixed over many orders; the coverage says why the reducer rejected what it did.
@MainActor @Suite(.timeLimit(.minutes(10))) struct SampleEffectsExploreTests {
  /// A fresh, empty folder for a test's files; the test removes it.
  private static func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("effects-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  private func effectsShell(_ domain: String) async throws -> Shell {
    let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: domain, options: [DomainContext.effectsOption: "held"])
    return shell
  }

  @Test func animalsSettleWithTheirCategoriesLoadedInEveryOrder() async throws {
    let shell = try await effectsShell("animals")
    _ = await shell.run("invariant --settled selectCategoriesStatus != .waiting")
    let result = await shell.run("explore --effects --runs 60 --steps 40 --seed 2")
    let texts = result.lines.map(\.text)
    #expect(result.succeeded, "\(texts.joined(separator: "\n"))")
    #expect(texts.contains("no invariant broke in 60 runs"), "\(texts)")
    // Deleting an animal that is not there is rejected; the table says with what error.
    #expect(
      texts.contains { $0.hasPrefix("  ui.animalList.onTapDeleteSelectedAnimalButton rejected most often (") && $0.hasSuffix("×): AnimalsReducer.Error(code: .animalNotFound)") },
      "\(texts.joined(separator: "\n"))")
    let effects = try #require(texts.first { $0.hasPrefix("side effects: ") && $0.hasSuffix(" failed") })
    #expect(!effects.hasPrefix("side effects: 0 held"), "\(effects)")
    await shell.close()
  }

  /// Held effects run in memory: a database named beside `--effects` would go unused, so it is
  /// refused (and never created).
  @Test func aStoreOrNoListenersBesideEffectsIsRefusedAndNothingCreated() async throws {
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: folder)
    let texts = await shell.texts("use animals --store mine.sqlite --effects")
    #expect(texts == [
      "error: column 13: with --effects, animals runs its side effects in memory (`complete N` and `fail N` release them) and does not use --store: "
        + "type `use animals --effects` without it, or leave out --effects to use it"
    ])
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("mine.sqlite").path))
    #expect(await shell.texts("use animals --effects --listeners off") == [
      "error: column 13: --effects and --listeners off do not go together: --effects holds what the listeners do, --listeners off runs none; "
        + "type `use animals --effects` or `use animals --listeners off`"
    ])
    await shell.close()
  }

  /// `explore --effects --save` in a session that runs its effects freely: from a fresh session the
  /// scenario starts `use animals --effects` without the store it never used (and copies no
  /// database); once the session has a history, whose set-up would replay differently with its
  /// effects held, it is refused with what to do.
  @Test func aRaceFoundFromAFreeSessionSavesAScenarioThatHoldsItsEffects() async throws {
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: folder)
    // A scenario's session writes to a scratch copy of the store it names; the scenario needs none.
    // (Without copies, the session opens mine.sqlite itself, as an interactive one does: it used to
    // land in the temporary folder, beside this one, when a base folder's URL was not marked as one.)
    shell.settings.copiesDatabases = true
    _ = await shell.run("use animals --store mine.sqlite")
    _ = await shell.run("invariant selectAnimalsStatus != .waiting")
    let saved = await shell.run("explore --effects --runs 20 --steps 10 --seed 1 --save found.txt")
    #expect(!saved.succeeded)
    let script = try String(contentsOf: folder.appendingPathComponent("found.txt"), encoding: .utf8)
    #expect(script.hasPrefix("use animals --effects\n"), "\(script)")
    #expect(script.hasSuffix("expect selectAnimalsStatus != .waiting\n"), "\(script)")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(files == ["found.txt"], "no copy of the store beside it: \(files)")

    _ = await shell.run("dispatch ui.categoryList.onAppear")
    let refused = await shell.run("explore --effects --runs 20 --steps 10 --seed 1 --save again.txt")
    #expect(refused.lines.last?.text.hasPrefix("error: column 56: cannot save what explore --effects found here: this session ran its side effects freely") == true, "\(refused.lines.map(\.text))")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("again.txt").path))
    await shell.close()

    // The saved scenario replays what explore found: it fails at its `expect`, the same way twice.
    func run() async -> (succeeded: Bool, transcript: [String]) {
      let replay = Shell(domains: Domain.samples, isScript: true, baseDirectory: folder)
      var transcript: [String] = []
      var succeeded = true
      for (number, line) in script.split(separator: "\n").map(String.init).enumerated() where !line.hasPrefix("#") {
        let result = await replay.run(line, location: "found.txt:\(number + 1)", echoesCommands: true)
        transcript += result.lines.map(\.text)
        succeeded = succeeded && result.succeeded
      }
      await replay.close()
      return (succeeded, transcript)
    }
    let (first, second) = (await run(), await run())
    #expect(!first.succeeded && first.transcript.last?.contains(".waiting") == true, "\(first.transcript)")
    #expect(first.transcript == second.transcript)
  }
}
