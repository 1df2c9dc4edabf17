import Foundation
import ReplShell
import ReplShellDomain
import ReplShellHost
import ReplShellSession
import Scenarios
import Testing

/// Runs a scenario before the test's body and checks it against its golden, as
/// ``ScenarioTest/check(domains:record:sourceLocation:)`` does (the diff and the transcript
/// attached to a failure, the golden written as the record mode says); then the body goes on in
/// the session the scenario left, as ``TestSession/current``. On a suite, each test gets its own run.
///
/// ```swift
/// @Test(.scenario("Scenarios/shelf.txt", domains: ShelfShell.domains))
/// func aBookRemovedAfterTheScenarioLeavesTwo() async throws {
///   let session = try TestSession.required()
///   await session.run("dispatch onTapRemoveBook(title: \"Emma\")")
///   #expect(await session.select("selectCount") == "2")
/// }
/// ```
public struct ScenarioTrait: TestTrait, SuiteTrait, TestScoping {
  /// The scenario.
  public let scenario: ScenarioTest
  /// The domains the script may `use`.
  public let domains: [Domain]
  /// The record mode for its golden; nil takes the environment's (``RecordMode/current(in:)``).
  public let record: RecordMode?
  /// Where the trait was written: its failures are recorded there.
  public let sourceLocation: SourceLocation

  /// Each test of a suite gets a run of its own.
  public var isRecursive: Bool { true }

  public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
    let session = await run()
    try await session.scope(function)
  }

  /// Runs the scenario in a session of its own, records what its check found, and leaves the
  /// session open.
  @MainActor private func run() async -> TestSession {
    let script = scenario.script
    let session = TestSession(shell: Shell(domains: domains, isScript: true, baseDirectory: script.deletingLastPathComponent()))
    let outcome = await ScriptRunner(domains: domains, keepsEvents: true).run(script, displayPath: script.lastPathComponent, in: session.host)
    scenario.report(on: outcome, record: record, environment: ProcessInfo.processInfo.environment).findings.record(sourceLocation: sourceLocation)
    return session
  }

  /// `path` as written in a test: absolute, or relative to the folder of the package the test
  /// file is in (the nearest folder above it with a `Package.swift`), else to the current folder.
  static func script(at path: String, writtenIn file: String) -> URL {
    guard !path.hasPrefix("/") else { return URL(fileURLWithPath: path).standardizedFileURL }
    var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
        return folder.appendingPathComponent(path).standardizedFileURL
      }
      folder = folder.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: path).standardizedFileURL
  }
}

extension Trait where Self == ScenarioTrait {
  /// Runs the scenario at `path` (relative to the test's package folder) over `domains` before the
  /// test, checked against its golden with `record` (else `REPLSHELL_RECORD`; never on CI); the
  /// test's body goes on in the session it left, ``TestSession/current``.
  public static func scenario(
    _ path: String, domains: [Domain], record: RecordMode? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    ScenarioTrait(
      scenario: ScenarioTest(script: ScenarioTrait.script(at: path, writtenIn: sourceLocation.filePath)), domains: domains, record: record,
      sourceLocation: sourceLocation)
  }
}
