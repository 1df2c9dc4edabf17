import Foundation
import ReplShellDomain
@testable import ReplShellHost
import StateValues
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// `redact`: built-in redactions by name, patterns with a name, a domain's volatile patterns.
@MainActor @Suite(.timeLimit(.minutes(10))) struct RedactCommandTests {
  static let uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

  @Test func nothingIsRedactedByDefault() async throws {
    let shell = try await stampShell()
    #expect(await shell.texts("redact") == ["nothing is redacted"])
    #expect(await shell.texts("dispatch didStamp(note: \"2026-01-31T09:15:00Z\")").contains { $0.contains("2026-01-31T09:15:00Z") })
  }

  @Test func builtInsReplaceDatesAndUUIDsFromThatLineOn() async throws {
    let shell = try await stampShell()
    _ = await shell.run("redact dates")
    _ = await shell.run("redact uuids")
    let lines = await shell.texts("dispatch didStamp(note: \"\(Self.uuid) at 2026-01-31T09:15:00.250+01:00\")")
    #expect(lines.contains { $0.contains("\"[uuid] at [date]\"") }, "\(lines)")
    #expect(await shell.texts("redact") == ["dates → [date]", "uuids → [uuid]"])
  }

  @Test func pathsReplaceTheWorkingDirectory() async throws {
    let shell = try await stampShell()
    _ = await shell.run("redact paths")
    let cwd = FileManager.default.currentDirectoryPath
    #expect(await shell.texts("dispatch didStamp(note: \"\(cwd)/out.txt\")").contains { $0.contains("\"[cwd]/out.txt\"") })
  }

  @Test func aPatternWithANameAndItsErrors() async throws {
    let shell = try await stampShell()
    _ = await shell.run("redact /took \\d+ ms/ as duration")
    #expect(await shell.texts("dispatch didStamp(note: \"took 12 ms\")").contains { $0.contains("\"[duration]\"") })
    #expect(await shell.texts("redact") == ["/took \\d+ ms/ → [duration]"])
    #expect(parseError("redact /a(/ as [x]")?.message == "`a(` is not a valid regular expression")
    #expect(parseError("redact /a/")?.message.hasPrefix("a pattern needs a name") == true)
    #expect(parseError("redact times")?.message.hasPrefix("unknown redaction `times`") == true)
    #expect(shell.candidates("redact u") == ["uuids"])
  }

  @Test func aDomainsVolatilePatternsApplyToEveryScriptAndListAsTheDomains() async throws {
    let shell = try await stampShell(volatile: [.uuids, Redaction(#"#\d+"#, as: "[ticket]")])
    #expect(await shell.texts("dispatch didStamp(note: \"\(Self.uuid) #42\")").contains { $0.contains("\"[uuid] [ticket]\"") })
    #expect(await shell.texts("redact") == ["uuids → [uuid]   (domain)", "/#\\d+/ → [ticket]   (domain)"])
  }

  @Test func anInvalidVolatilePatternStopsTheDomainFromStarting() async throws {
    let shell = Shell(domains: [.stamps(volatile: [Redaction("(", as: "x")])], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    await #expect(throws: CommandError.self) { try await shell.start(domain: "stamps") }
  }

  @Test func noRedactShowsTheRawOutput() async throws {
    let shell = try await stampShell(volatile: [.uuids])
    shell.redacts = false
    #expect(await shell.texts("dispatch didStamp(note: \"\(Self.uuid)\")").contains { $0.contains(Self.uuid) })
    #expect(await shell.texts("redact") == ["redactions are off (--no-redact)"])
  }
}
