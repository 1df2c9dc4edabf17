@testable import ReplShellCommands
import Testing
@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession

@MainActor @Suite(.timeLimit(.minutes(10))) struct CommandRegistryTests {
  @Test func everyCommandHasOneNameUsageAndExample() {
    let names = CommandRegistry.commands.map { $0.description.name }
    #expect(Set(names).count == names.count)
    for command in CommandRegistry.commands {
      #expect(command.description.usage.hasPrefix(command.description.name))
      #expect(!command.description.examples.isEmpty)
    }
  }

  /// Options are declared once: what a tool call writes as `--option` is a declared option,
  /// and the usage line spells the declared ones as the declaration does.
  @Test func everyOptionOfADescriptionIsDeclared() {
    for command in CommandRegistry.commands {
      let description = command.description
      let declared = Set(command.options.names)
      for argument in description.toolArguments ?? [] {
        let written: String? =
          switch argument.kind {
          case .flag(let flag), .numberOption(let flag), .textOption(let flag): flag
          case .text, .number, .phrase: nil
          }
        // `break`'s `clear` is a word of its line, not an option.
        guard let flag = written, flag.hasPrefix("--") else { continue }
        #expect(declared.contains(flag), "\(description.name): \(flag) is written by a tool call but not declared")
      }
      #expect(description.usage.hasPrefix(command.options.usage(description.name)), "\(description.name): \(description.usage)")
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
