import ReplShellTesting
import ShelfDomain
import Testing

/// `explore` on the shelf in `swift test`: the reducer alone, on generated sequences of every
/// action case, with the invariant checked after each action.
@MainActor @Suite struct ShelfExploreTests {
  @Test func noLoanOutlivesItsBook() async {
    await ExploreTest.check(
      domain: .shelf, invariants: ["selectStrayLoanCount == 0"], runs: 200, seed: 7)
  }
}
