import Foundation
import ReplShellTesting
@testable import ShelfShell
import Testing

/// The package's `Scenarios/` folder, where each script sits beside its golden.
let scenarios = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()
  .appendingPathComponent("../../Scenarios")

/// Each scenario script of the shelf, run in a fresh session and compared with its golden.
@MainActor @Suite struct ShelfScenarioTests {
  @Test(arguments: ScenarioTest.all(in: scenarios))
  func scenario(_ scenario: ScenarioTest) async {
    await scenario.check(domains: ShelfShell.domains)
  }

  /// A moved folder fails here, instead of leaving no test case to fail.
  @Test func theScenariosAreFound() {
    #expect(!ScenarioTest.all(in: scenarios).isEmpty)
  }
}
