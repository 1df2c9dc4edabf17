import ReplShellTesting
import ShelfDomain
import Testing
@testable import ShelfShell

/// The traits of `ReplShellTesting` on a client app: a fresh store of the shelf, and the session
/// the shelf's scenario leaves, checked against its golden first.
@MainActor @Suite struct ShelfTraitTests {
  @Test(.freshStore(of: .shelf))
  func aBookAddedToAnEmptyShelfIsTheOnlyOne() async throws {
    let session = try TestSession.required()
    await session.run("dispatch onTapAddBook(title: \"Emma\")")
    #expect(await session.select("selectContains(title: \"Emma\")") == "true")
    #expect(await session.select("selectCount") == "1")
  }

  @Test(.scenario("Scenarios/shelf.txt", domains: ShelfShell.domains))
  func aBookRemovedAfterTheScenarioLeavesTwo() async throws {
    let session = try TestSession.required()
    #expect(await session.select("selectCount") == "3")
    await session.run("dispatch onTapRemoveBook(title: \"Emma\")")
    #expect(await session.select("selectCount") == "2")
  }
}
