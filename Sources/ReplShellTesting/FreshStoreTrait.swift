import Foundation
import ReplShell
import ReplShellDomain
import ReplShellHost
import ReplShellSession
import StateValues
import Testing

/// Gives each test a fresh store of a domain: a new script-mode session started on `domain` with
/// `options` (as `use DOMAIN --option value` would), the `setUp` lines run, reachable from the
/// test's body as ``TestSession/current`` and closed after it. On a suite, each of its tests gets
/// its own.
///
/// ```swift
/// @Suite(.freshStore(of: .shelf, setUp: ["dispatch onTapAddBook(title: \"Emma\")"]))
/// struct ShelfTests { … }
/// ```
public struct FreshStoreTrait: TestTrait, SuiteTrait, TestScoping {
  /// The domain whose store the test gets.
  public let domain: Domain
  /// The domain's options, by name without the dashes.
  public let options: [String: String]
  /// Lines run in the session before the test's body.
  public let setUp: [String]

  /// Each test of a suite gets a store of its own.
  public var isRecursive: Bool { true }

  public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
    let session = try await start()
    try await session.scope(function)
  }

  /// The session, started and set up; an error that says which line failed.
  @MainActor private func start() async throws(CommandError) -> TestSession {
    let shell = Shell(domains: [domain], isScript: true, baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    let session = TestSession(shell: shell)
    do {
      try await shell.start(domain: domain.name, options: options)
    } catch {
      await shell.close()
      throw CommandError("\(domain.name) did not start: \(error.message)")
    }
    for line in setUp {
      let result = await session.host.run(line, location: "set-up")
      guard result.succeeded else {
        await shell.close()
        throw CommandError("set-up line `\(line)` failed:\n" + result.lines.map(\.text).joined(separator: "\n"))
      }
    }
    return session
  }
}

extension Trait where Self == FreshStoreTrait {
  /// A fresh store of `domain` for the test (for each test of a suite), started with `options`
  /// and set up with the `setUp` lines: ``TestSession/current`` in the test's body.
  public static func freshStore(of domain: Domain, options: [String: String] = [:], setUp: [String] = []) -> Self {
    FreshStoreTrait(domain: domain, options: options, setUp: setUp)
  }
}
