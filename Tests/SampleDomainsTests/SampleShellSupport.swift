import Foundation
@testable import ReplShellCommands
import ReplShellDomain
@testable import ReplShellHost
import SampleDomains
import StateValues
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The project's root folder, found from this file's location.
let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A script-mode shell over the sample domains, with `domain` started.
@MainActor func startedShell(_ domain: String = "counter") async throws -> Shell {
  let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
  _ = try await shell.start(domain: domain)
  return shell
}

/// The command `line` parses to, as the type the test expects.
func parsed<Command: ShellCommand>(_ line: String, as type: Command.Type) throws -> Command? {
  try CommandParser.parse(line) as? Command
}

/// The error `line` parses to; nil when it parses.
func parseError(_ line: String) -> CommandError? {
  do throws(CommandError) {
    _ = try CommandParser.parse(line)
    return nil
  } catch {
    return error
  }
}

extension Shell {
  /// The texts of the lines `line` prints.
  func texts(_ line: String) async -> [String] {
    await execute(line).lines.map(\.text)
  }

  /// The candidates Tab offers at the end of `line`.
  func candidates(_ line: String) -> [String] {
    ShellCompletion.of(line, in: self).candidates.map(\.text)
  }
}
