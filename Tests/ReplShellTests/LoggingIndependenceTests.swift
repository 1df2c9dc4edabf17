import Foundation
import Logging
import ReplShell
import ReplShellDomain
import SampleDomains
import Scenarios
import Testing

/// An app that set up swift-log itself runs scenarios and still sees its domain's effects:
/// the shell installs nothing process-wide, and effects reach it through `DomainContext.logger`.
@MainActor @Suite(.timeLimit(.minutes(10))) struct LoggingIndependenceTests {
  @Test func anAppThatBootstrapsLoggingRunsAScenarioWithEffects() async {
    // The libraries never bootstrap, so this first and only bootstrap in the test process succeeds.
    LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
    let script = """
      use animals
      debug effects on
      dispatch categoryList.onAppear
      """
    let outcome = await ScriptRunner(domains: Domain.samples).run(text: script, name: "logging.txt", baseDirectory: projectRoot.appendingPathComponent("Tests/ReplShellTests"))
    #expect(outcome.succeeded, "\(outcome.text)")
    #expect(outcome.text.contains("[effects] fetchCategoriesQuery()"), "\(outcome.text)")
  }
}
