import Foundation
import Testing
@_spi(Internals) @testable import Scenarios

/// `explore --effects` over the sample domains' in-memory stores: the Animals listener's race,
/// fixed, stays fixed over many orders; the coverage says why the reducer rejected what it did.
@MainActor @Suite(.timeLimit(.minutes(3))) struct SampleEffectsExploreTests {
  private func effectsShell(_ domain: String) async throws -> Shell {
    let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: domain, options: [DomainContext.effectsOption: "held"])
    return shell
  }

  @Test func animalsSettleWithTheirCategoriesLoadedInEveryOrder() async throws {
    let shell = try await effectsShell("animals")
    _ = await shell.execute("invariant --settled selectCategoriesStatus != .waiting")
    let result = await shell.execute("explore --effects --runs 60 --steps 40 --seed 2")
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
}
