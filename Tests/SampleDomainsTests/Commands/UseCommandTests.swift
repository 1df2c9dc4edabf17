import Foundation
import ReplShellDomain
@testable import ReplShellCommands
@testable import ReplShellHost
import SampleDomains
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

@MainActor @Suite(.timeLimit(.minutes(10))) struct UseCommandTests {
  @Test func parsesTheDomainAndItsOptions() throws {
    let command = try #require(try parsed("use animals --store a.sqlite --remote=http://x", as: UseCommand.self))
    #expect(command.domain == "animals")
    #expect(command.options == ["store": "a.sqlite", "remote": "http://x"])
    #expect(command.column == 5)
  }

  @Test func needsADomainAndOptionValues() {
    #expect(parseError("use")?.message == "use needs a domain name, e.g. `use counter` (type `domains` for the list)")
    #expect(parseError("use animals --store")?.message == "option --store needs a value")
    #expect(parseError("use animals store")?.message == "expected an option such as `--store PATH`, found `store`")
  }

  @Test func completesDomainsThenTheirOptions() async throws {
    let shell = try await startedShell()
    #expect(shell.candidates("use an") == ["animals"])
    #expect(shell.candidates("use quakes --f") == ["--feed"])
  }

  @Test func startsTheDomainAndSaysSo() async throws {
    let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    #expect(await shell.texts("use counter") == ["started counter"])
    #expect(shell.prompt == "counter> ")
  }

  @Test func anUnknownDomainNamesTheKnownOnes() async throws {
    let result = try await startedShell().run("use countr")
    #expect(!result.succeeded)
    #expect(result.lines.first?.text.hasPrefix("error: column 5: unknown domain `countr`: did you mean `counter`?") == true)
  }
}
