import ArgumentParser
import Foundation
import ReplShellDomain
import Testing
@testable import ReplShell

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

  @Test func inspectTakesAnOptionalPort() throws {
    #expect(ReplShellCommand<TallyShell>.arguments(withInspectPort: ["--inspect"]) == ["--inspect=0"])
    #expect(ReplShellCommand<TallyShell>.arguments(withInspectPort: ["--inspect", "tally"]) == ["--inspect=0", "tally"])
    #expect(ReplShellCommand<TallyShell>.arguments(withInspectPort: ["--inspect", "8123", "tally"]) == ["--inspect", "8123", "tally"])
    #expect(ReplShellCommand<TallyShell>.arguments(withInspectPort: ["--", "--inspect"]) == ["--", "--inspect"])
    #expect(try ReplShellCommand<TallyShell>.parse(ReplShellCommand<TallyShell>.arguments(withInspectPort: ["--inspect"])).inspectPort == 0)
  }

  @Test func inspectServesOneSession() throws {
    #expect {
      _ = try ReplShellCommand<TallyShell>.parse(["--inspect", "0", "--check", "Scenarios/"])
    } throws: { error in
      ReplShellCommand<TallyShell>.message(for: error).contains("--inspect serves one session")
    }
    #expect {
      _ = try ReplShellCommand<TallyShell>.parse(["--inspect", "0", "--script", "a.txt", "b.txt"])
    } throws: { error in
      ReplShellCommand<TallyShell>.message(for: error).contains("give one file")
    }
    // Attached, it follows one app, which must be named.
    #expect {
      _ = try ReplShellCommand<TallyShell>.parse(["--attach", "--inspect=0"])
    } throws: { error in
      ReplShellCommand<TallyShell>.message(for: error).contains("--inspect follows one attached app: name it")
    }
    #expect(try ReplShellCommand<TallyShell>.parse(["--attach", "4711", "--inspect=0"]).inspectPort == 0)
  }

  @Test func anAppWithoutDomainsIsToldWhatToDeclare() {
    #expect {
      _ = try ReplShellCommand<EmptyShell>.parse([])
    } throws: { error in
      ReplShellCommand<EmptyShell>.message(for: error).contains("static let domains")
    }
  }

  @Test func pathsFollowAScriptModeAndNameNoDomain() throws {
    let check = try ReplShellCommand<TallyShell>.parse(["--check", "Scenarios/a.txt", "Scenarios/b.txt"])
    #expect(check.arguments == ["Scenarios/a.txt", "Scenarios/b.txt"])
    #expect(check.domain == nil)
    let script = try ReplShellCommand<TallyShell>.parse(["--script", "Scenarios/a.txt", "Scenarios/", "--check", "--shard", "2/3"])
    #expect(script.scripts == ["Scenarios/a.txt"] && script.arguments == ["Scenarios/"])
    #expect(script.shard == (try Shard(parsing: "2/3")))
    #expect(try ReplShellCommand<TallyShell>.parse(["tally"]).domain == "tally")
  }

  @Test(arguments: [
    (["--check"], "--check needs scenario files or folders, such as `"),
    (["--update", "--check", "a.txt"], "use one of --check, --update and --review, not several"),
    (["--review", "--update", "a.txt"], "use one of --check, --update and --review, not several"),
    (["--new-goldens", "out"], "--new-goldens says where --check leaves new transcripts"),
    (["--prune", "--check", "Scenarios/"], "--update --prune Scenarios/"),
    (["--jobs", "0", "--check", "Scenarios/"], "--jobs takes 1 or more"),
    (["--junit", "report.xml"], "add the paths with --check, --update or --script"),
    (["--check", "Scenarios/", "--shard", "3/2"], "--shard takes K/N with 1 ≤ K ≤ N"),
    (["--check", "Scenarios/", "--shard", "0/2"], "--shard takes K/N with 1 ≤ K ≤ N"),
    (["a.txt", "b.txt"], "--check a.txt b.txt"),
    (["Scenarios/tally.txt"], "--script Scenarios/tally.txt"),
  ])
  func aMistakeSaysWhatToTypeInstead(_ arguments: [String], _ advice: String) {
    #expect {
      _ = try ReplShellCommand<TallyShell>.parse(arguments)
    } throws: { error in
      ReplShellCommand<TallyShell>.message(for: error).contains(advice)
    }
  }

  @Test func shardsDealSortedItemsInTurn() throws {
    let items = Array(1...7)
    let parts = try (1...3).map { try Shard(parsing: "\($0)/3").part(of: items) }
    #expect(parts == [[1, 4, 7], [2, 5], [3, 6]])
  }

  @Test func helpListsTheAppsDomains() {
    let help = ReplShellCommand<TallyShell>.helpMessage()
    #expect(help.contains("tally"))
    #expect(!help.contains("counter"))
  }
}

/// A shell whose domain takes an option, as `quakes --feed DIR` does.
private enum FeedShell: ReplShellApp {
  static let domains: [Domain] = [
    Domain(
      name: "feed", summary: "a count read from a feed", options: [DomainOption("feed", valueName: "DIR", help: "where the feed is")],
      initialState: { 0 }, reducer: { state, action in state + action }, actionExamples: [1],
      selectors: [SelectorDefinition("selectTally") { { (state: Int) in state } }])
  ]
}

@Suite struct DomainOptionArgumentTests {
  @Test func optionsAfterTheDomainGoToItsUse() throws {
    let command = try ReplShellCommand<FeedShell>.parse(["feed", "--feed", "/tmp/feed", "--no-color"])
    #expect(command.domain == "feed")
    #expect(try command.domainOptions == ["feed": "/tmp/feed"])
    #expect(command.noColor, "the shell's own flags still apply after the domain")
    #expect(try ReplShellCommand<FeedShell>.parse(["feed", "--feed=/tmp/feed"]).domainOptions == ["feed": "/tmp/feed"])
  }

  @Test(arguments: [
    (["feed", "--feed"], "option --feed needs a value after the domain `feed`"),
    (["--feed", "/tmp/feed"], "options of a domain's `use` go after its name, such as `"),
    (["--check", "Scenarios/", "--bogus"], "unknown option '--bogus'"),
    (["--mcp", "feed", "--feed", "/tmp"], "give them to the `use` tool instead, such as `use feed --feed /tmp`"),
  ])
  func misplacedOptionsSayWhatToTypeInstead(_ arguments: [String], _ advice: String) {
    #expect {
      _ = try ReplShellCommand<FeedShell>.parse(arguments)
    } throws: { error in
      ReplShellCommand<FeedShell>.message(for: error).contains(advice)
    }
  }
}
