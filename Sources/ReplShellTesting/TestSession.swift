import Foundation
import ReplShell
import ReplShellHost
import ReplShellSession
import Testing

/// A session of its own for one test, which a trait opens around the test's body and closes
/// after it: a fresh store of a domain (``FreshStoreTrait``, `.freshStore(of:)`) or the session a
/// scenario leaves (``ScenarioTrait``, `.scenario(_:domains:)`). The body reaches it as
/// `TestSession.current` and drives it with the shell's own lines.
///
/// ```swift
/// @Test(.freshStore(of: .counter))
/// func incrementingTwiceCountsTwo() async throws {
///   let session = try TestSession.required()
///   await session.run("dispatch didTapIncrementButton")
///   await session.run("dispatch didTapIncrementButton")
///   #expect(await session.select("selectValue") == "2")
/// }
/// ```
public final class TestSession: Sendable {
  /// The session's host: every line reaches the session through it, as a front end's do.
  public let host: SessionHost

  /// The session.
  @MainActor public var shell: Shell { host.shell }

  /// The session of `shell`.
  @MainActor init(shell: Shell) {
    self.host = SessionHost(shell: shell)
  }

  /// The session of the innermost `.freshStore(of:)` or `.scenario(_:domains:)` trait around the
  /// running test; nil outside one.
  @TaskLocal public static var current: TestSession?

  /// The current session; an error naming the missing trait when there is none.
  public static func required() throws -> TestSession {
    guard let session = current else { throw MissingTrait() }
    return session
  }

  /// Runs `line` as if typed at the prompt and returns the lines it printed; records an issue
  /// with those lines at `sourceLocation` when it fails.
  @MainActor @discardableResult
  public func run(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) async -> [String] {
    let result = await host.run(line, location: "test")
    let lines = result.lines.map(\.text)
    if !result.succeeded {
      Issue.record(Comment(rawValue: "`\(line)` failed:\n\(lines.joined(separator: "\n"))"), sourceLocation: sourceLocation)
    }
    return lines
  }

  /// What `select EXPRESSION` prints (`2`, or a value over several lines), or nil with an issue
  /// recorded when it fails.
  @MainActor public func select(_ expression: String, sourceLocation: SourceLocation = #_sourceLocation) async -> String? {
    let result = await host.run("select " + expression, location: "test")
    let text = result.lines.map(\.text).joined(separator: "\n")
    guard result.succeeded else {
      Issue.record(Comment(rawValue: "`select \(expression)` failed:\n\(text)"), sourceLocation: sourceLocation)
      return nil
    }
    return text
  }

  /// A test asked for its session outside a trait that opens one.
  public struct MissingTrait: Error, CustomStringConvertible {
    /// What to add.
    public var description: String { "no session: add .freshStore(of:) or .scenario(_:domains:) to the test or its suite" }
  }
}

extension TestSession {
  /// Runs `function` with this session as `current`, then closes the session, whether the
  /// function threw or not: the scope every trait of this module gives its tests.
  func scope(_ function: @Sendable () async throws -> Void) async throws {
    do {
      try await TestSession.$current.withValue(self, operation: function)
    } catch {
      await shell.close()
      throw error
    }
    await shell.close()
  }
}
