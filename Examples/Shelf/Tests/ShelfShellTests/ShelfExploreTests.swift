import ReplShellTesting
@testable import ShelfShell
import Testing

/// `explore` on a client app's domain, through `ReplShellTesting`'s one-call test: generated
/// titles, loans and dates from the shelf's own examples, and an invariant that holds.
@MainActor @Suite struct ShelfExploreTests {
  @Test func exploringTheShelfBreaksNoInvariant() async {
    // Titles come from the examples, the state and a few fresh ones: never this one.
    let lines = await ExploreTest.check(domain: .shelf, invariants: ["selectContains(title: \"Moby Dick\") == false"], runs: 50, seed: 1)
    #expect(lines.contains("no invariant broke in 50 runs"))
    #expect(lines.contains("coverage: 50 runs, 2500 actions tried"))
    #expect(!lines.contains { $0.hasPrefix("! ") })
  }
}
