import Foundation
import ReplShell
import ReplShellDomain
import SampleDomains
import StateValues
import Testing
@testable import ReplShellTesting

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
  @Test(.scenario("Tests/ReplShellTestingTests/Fixtures/two-increments.txt", domains: Domain.samples, record: .never))
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

/// What the traits do when what they run fails, their scope provided by hand inside a test.
@MainActor @Suite struct TraitFailureTests {
  @Test func aSetUpLineThatFailsFailsTheTestBeforeItsBody() async throws {
    let trait = FreshStoreTrait.freshStore(of: .counter, setUp: ["dispatch nope"])
    let test = try #require(Test.current)
    let error = await #expect(throws: CommandError.self) {
      try await trait.provideScope(for: test, testCase: nil) { Issue.record("the body ran") }
    }
    #expect(error?.message.hasPrefix("set-up line `dispatch nope` failed:\n") == true, "\(String(describing: error))")
  }

  @Test func aScenarioThatDiffersIsAnIssueAndTheBodyStillRunsInItsSession() async throws {
    let trait = ScenarioTrait.scenario("Tests/ReplShellTestingTests/Fixtures/wrong-golden.txt", domains: Domain.samples, record: .never)
    let test = try #require(Test.current)
    let seen = Box()
    try await withKnownIssue {
      try await trait.provideScope(for: test, testCase: nil) {
        let session = try TestSession.required()
        let value = await session.select("selectValue")
        await MainActor.run { seen.value = value }
      }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix("wrong-golden.txt differs from wrong-golden.golden;")
    }
    #expect(seen.value == "1")
  }

  /// What the body saw, read after it.
  @MainActor private final class Box: Sendable {
    var value: String?
  }
}
