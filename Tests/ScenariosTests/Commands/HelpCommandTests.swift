import Testing
@_spi(Internals) @testable import Scenarios

@MainActor @Suite(.timeLimit(.minutes(3))) struct HelpCommandTests {
  @Test func parsesAnOptionalTopic() throws {
    #expect(try parsed("help", as: HelpCommand.self)?.topic == nil)
    #expect(try parsed("help  dispatch ", as: HelpCommand.self)?.topic == "dispatch")
  }

  @Test func completesCommandNames() async throws {
    #expect(try await startedShell().candidates("help wa") == ["watch"])
  }

  @Test func listsEveryCommandThenTheHints() async throws {
    let lines = try await startedShell().texts("help")
    #expect(lines.count == CommandRegistry.commands.count + 3)
    #expect(lines.first?.hasPrefix("help [command|topic]") == true)
  }

  @Test func explainsOneCommandWithItsExamples() async throws {
    let lines = try await startedShell().texts("help reset")
    #expect(lines == [
      "usage: reset", "starts the current domain again with a fresh store and the same options",
      "touches: the app's state (dispatches; listeners may reach the domain's database or network)", "  example: reset",
    ])
  }

  @Test func anUnknownTopicSuggestsOne() async throws {
    let result = try await startedShell().execute("help dispach")
    #expect(!result.succeeded)
    #expect(result.lines.map(\.text) == ["error: no command `dispach`: did you mean `dispatch`? type `help` for the list"])
  }
}
