import ArgumentParser
import Foundation
@testable import ReplShell
import Testing

/// A client shell with one domain of its own, as an app would declare it.
private enum TallyShell: ReplShellApp {
  static let domains: [Domain] = [
    Domain(
      name: "tally", summary: "a count", initialState: { 0 }, reducer: { state, action in state + action },
      actionExamples: [1], selectors: [SelectorDefinition("selectTally") { { (state: Int) in state } }])
  ]
}

private enum EmptyShell: ReplShellApp {
  static let domains: [Domain] = []
}

@Suite struct ReplShellCommandTests {
  @Test func theDomainDefaultsToTheAppsFirst() throws {
    let command = try ReplShellCommand<TallyShell>.parse([])
    #expect(command.domain == nil)
  }

  @Test func anUnknownDomainNamesTheAppsDomains() {
    #expect {
      _ = try ReplShellCommand<TallyShell>.parse(["counter"])
    } throws: { error in
      ReplShellCommand<TallyShell>.message(for: error).contains("known domains: tally")
    }
  }

  @Test func anAppWithoutDomainsIsToldWhatToDeclare() {
    #expect {
      _ = try ReplShellCommand<EmptyShell>.parse([])
    } throws: { error in
      ReplShellCommand<EmptyShell>.message(for: error).contains("static let domains")
    }
  }

  @Test func helpListsTheAppsDomains() {
    let help = ReplShellCommand<TallyShell>.helpMessage()
    #expect(help.contains("tally"))
    #expect(!help.contains("counter"))
  }
}
