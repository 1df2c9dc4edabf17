@testable import ReplShellCommands
import TestSupport
import Testing
@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession

@MainActor @Suite(.timeLimit(.minutes(10))) struct HelpCommandTests {
  @Test func parsesAnOptionalTopic() throws {
    #expect(try parsed("help", as: HelpCommand.self)?.topic == nil)
    #expect(try parsed("help  dispatch ", as: HelpCommand.self)?.topic == "dispatch")
  }

  @Test func completesCommandNames() async throws {
    #expect(try await startedShell().candidates("help wa") == ["watch"])
  }

  @Test func listsEveryCommandOnceUnderItsGroupWithinEightyColumns() async throws {
    let lines = try await startedShell().texts("help")
    #expect(lines.first == "Driving the store")
    #expect(lines.allSatisfy { $0.count <= HelpCommand.listWidth }, "\(lines.filter { $0.count > HelpCommand.listWidth })")
    for group in CommandGroup.allCases {
      #expect(lines.filter { $0 == group.title }.count == 1, "\(group.title)")
    }
    let listed = lines.filter { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
    #expect(listed.sorted() == CommandRegistry.names.sorted())
    // Each command sits under its own group's heading.
    var heading = ""
    for line in lines {
      if CommandGroup.allCases.contains(where: { $0.title == line }) { heading = line; continue }
      guard line.hasPrefix("  "), let name = line.split(separator: " ").first else { continue }
      #expect(CommandRegistry.command(named: String(name))?.description.group.title == heading, "\(line)")
    }
    #expect(lines.contains("  dispatch   dispatches an action and prints what it changed"))
  }

  @Test func explainsOneCommandWithItsExamples() async throws {
    let lines = try await startedShell().texts("help reset")
    #expect(lines == [
      "usage: reset", "starts the current domain again with a fresh store and the same options",
      "touches: the app's state (dispatches; listeners may reach the domain's database or network)", "  example: reset",
    ])
  }

  @Test func anUnknownTopicSuggestsOne() async throws {
    let result = try await startedShell().run("help dispach")
    #expect(!result.succeeded)
    #expect(result.lines.map(\.text) == ["error: no command `dispach`: did you mean `dispatch`? type `help` for the list"])
  }
}
