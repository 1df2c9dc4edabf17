import Foundation
import Logging
import ReplShellTesting
@testable import ShelfShell
import Testing

let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios")

/// Every scenario of the app against its golden.
@MainActor @Suite struct ShelfScenarioTests {
  init() {
    // The app sets up its own logging; the shell must not mind.
    _ = Self.loggingBootstrapped
  }

  private static let loggingBootstrapped: Bool = {
    LoggingSystem.bootstrap { label in StreamLogHandler.standardError(label: label) }
    return true
  }()

  @Test(arguments: ScenarioTest.all(in: scenarios))
  func scenario(_ scenario: ScenarioTest) async {
    await scenario.check(domains: ShelfShell.domains)
  }

  /// Both scenarios are found: a moved folder is a failure, not zero test cases that pass.
  @Test func everyScenarioIsFound() {
    #expect(ScenarioTest.all(in: scenarios).map(\.testDescription) == ["loans.txt", "shelf.txt"])
  }
}
