import Foundation
import ReplShell
@testable import ReplShellTesting
import SampleDomains
import Testing

/// `.freshStore(of:)`: each test gets a store of its own, set up as asked.
@MainActor @Suite(.serialized, .freshStore(of: .counter))
struct FreshStoreTraitTests {
  // Serialized on one suite-wide trait: a store shared between the two would count 2 in the second.
  @Test func theFirstTestCountsOne() async throws {
    let session = try TestSession.required()
    await session.run("dispatch didTapIncrementButton")
    #expect(await session.select("selectValue") == "1")
  }

  @Test func theSecondTestCountsOneToo() async throws {
    let session = try TestSession.required()
    await session.run("dispatch didTapIncrementButton")
    #expect(await session.select("selectValue") == "1")
  }

  @Test(.freshStore(of: .counter, setUp: ["dispatch didTapDecrementButton", "dispatch didTapDecrementButton"]))
  func theInnermostTraitsStoreIsSetUpAsAsked() async throws {
    let session = try TestSession.required()
    #expect(session.shell.domainName == "counter")
    #expect(await session.select("selectValue") == "-2")
  }

  @Test func aLineThatFailsIsAnIssue() async throws {
    let session = try TestSession.required()
    await withKnownIssue {
      await session.run("dispatch nope")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix("`dispatch nope` failed:\n")
    }
  }
}

/// `.scenario(_:domains:)`: the scenario runs and is checked before the body, which goes on in
/// the session it left.
@MainActor @Suite struct ScenarioTraitTests {
  @Test(.scenario("Tests/ReplShellTests/Fixtures/two-increments.txt", domains: Domain.samples, record: .never))
  func theBodyGoesOnWhereTheScenarioLeftTheStore() async throws {
    let session = try TestSession.required()
    #expect(await session.select("selectValue") == "2")
    await session.run("undo")
    #expect(await session.select("selectValue") == "1")
  }

  @Test func aRelativePathIsTheTestPackagesAndAnAbsoluteOneItself() {
    let written = ScenarioTrait.script(at: "Scenarios/counter.txt", writtenIn: #filePath)
    #expect(written == projectRoot.appendingPathComponent("Scenarios/counter.txt").standardizedFileURL)
    #expect(ScenarioTrait.script(at: "/x/y.txt", writtenIn: #filePath).path == "/x/y.txt")
    #expect(
      ScenarioTrait.scenario("Scenarios/counter.txt", domains: Domain.samples).scenario.script
        == projectRoot.appendingPathComponent("Scenarios/counter.txt").standardizedFileURL)
  }

  @Test func withoutATraitThereIsNoSession() {
    #expect(TestSession.current == nil)
    #expect(throws: TestSession.MissingTrait.self) { try TestSession.required() }
  }
}
