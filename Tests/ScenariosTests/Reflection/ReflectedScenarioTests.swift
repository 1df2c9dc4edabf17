import Foundation
import ReplShellDomain
import Scenarios
import Testing

/// The workshop scenario, whose domain is not `Codable`, against its golden.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ReflectedScenarioTests {
  private let script = projectRoot.appendingPathComponent("Tests/ScenariosTests/Fixtures/workshop.txt")

  @Test func theTranscriptMatchesItsGolden() async throws {
    let outcome = await ScriptRunner(domains: [.workshop]).run(script, displayPath: "workshop.txt")
    let golden = try String(contentsOf: ScriptRunner.goldenURL(for: script), encoding: .utf8)
    #expect(outcome.text == golden)
  }

  @Test func theLastExpectationFailsSayingWhyInOneLine() async {
    let outcome = await ScriptRunner(domains: [.workshop]).run(script, displayPath: "workshop.txt")
    #expect(!outcome.succeeded)
    let errors = outcome.transcript.filter { $0.kind == .error }.map(\.text)
    #expect(errors == ["error: workshop.txt:32:23: cannot compare `[WorkshopState.Tool]`: it must be Decodable and Equatable; print it with `select`"])
  }

  @Test func everyExampleActionReadsBackAsItself() throws {
    let printed = try Domain.workshop.roundTrip()
    #expect(printed.contains("didAddTool(name: \"saw\", kind: .custom(\"japanese\", weight: nil))"))
    #expect(printed.count == 8)
  }
}
