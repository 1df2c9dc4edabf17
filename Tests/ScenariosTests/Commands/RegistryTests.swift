import Testing
@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession

@MainActor @Suite(.timeLimit(.minutes(3))) struct CommandRegistryTests {
  @Test func everyCommandHasOneNameUsageAndExample() {
    let names = CommandRegistry.commands.map { $0.description.name }
    #expect(Set(names).count == names.count)
    for command in CommandRegistry.commands {
      #expect(command.description.usage.hasPrefix(command.description.name))
      #expect(!command.description.examples.isEmpty)
    }
  }

  @Test func aliasesRunTheirCommand() throws {
    #expect(try parsed("?", as: HelpCommand.self) != nil)
    #expect(try parsed("exit", as: QuitCommand.self) != nil)
  }

  @Test func blankLinesAndCommentsAreNoCommand() throws {
    #expect(try CommandParser.parse("   ") == nil)
    #expect(try CommandParser.parse("  # a note") == nil)
  }

  @Test func anUnknownWordSuggestsTheClosestCommand() {
    #expect(parseError("  dispach x")?.message == "unknown command `dispach`: did you mean `dispatch`?")
    #expect(parseError("  dispach x")?.column == 3)
  }

  @Test func tabOnAnEmptyLineOffersEveryCommand() async throws {
    let shell = try await startedShell()
    #expect(shell.candidates("") == CommandRegistry.names.sorted())
  }
}
