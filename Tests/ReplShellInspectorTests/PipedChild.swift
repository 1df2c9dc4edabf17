import Foundation
import TestSupport

/// A child process whose standard input the test writes lines to (a pipe, kept open until
/// `stop`), its output and errors in files of the test's folder, read as they grow.
final class PipedChild: @unchecked Sendable {
  let process = Process()
  private let input = Pipe()
  let outputPath: String
  let errorPath: String

  /// What went wrong, with what the child printed.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Starts `executable` with `arguments` and `environment`; `name` names its files in `folder`.
  init(_ executable: String, _ arguments: [String], environment: [String: String], folder: URL, name: String) throws {
    outputPath = folder.appendingPathComponent("\(name).out").path
    errorPath = folder.appendingPathComponent("\(name).err").path
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = input
    process.standardOutput = FileHandle(forWritingAtPath: outputPath)
    process.standardError = FileHandle(forWritingAtPath: errorPath)
    try process.run()
  }

  /// The built executable `name` beside the tests (where `replshell` is).
  static func built(_ name: String) throws -> String {
    let path = try ReplShellBinary.url.deletingLastPathComponent().appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw Failure(description: "no \(name) beside the tests: run `swift build` (it builds the test app \(name)) and test again")
    }
    return path
  }

  /// Writes `line` and a line break to its standard input.
  func send(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// What it printed on standard output so far.
  var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

  /// What it printed on standard error so far.
  var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

  /// How long a test polls for something a child process writes before it calls the wait a hang:
  /// a bound for a broken build, not a window the machine must meet (a loaded machine may take
  /// tens of seconds; the suite's settle timeout is the same ten minutes).
  static let hangGuard: Duration = .seconds(600)

  /// Waits until its output (or its errors) contains `text`; fails after `timeout` with both.
  @discardableResult
  func wait(for text: String, inErrors: Bool = false, timeout: Duration = .seconds(150)) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      let printed = inErrors ? errors : output
      if printed.contains(text) { return printed }
      if !process.isRunning { break }
      try await Task.sleep(for: .milliseconds(25))
    }
    throw Failure(description: "never printed `\(text)`; its output:\n\(output)\n--- its errors:\n\(errors)")
  }

  /// Waits for it to end by itself (its input stays open) and returns its exit status; fails
  /// after `timeout`, a bound for a broken build, not a measure.
  func exitStatus(timeout: Duration = .seconds(150)) async throws -> Int32 {
    let deadline = ContinuousClock.now + timeout
    while process.isRunning {
      guard ContinuousClock.now < deadline else {
        throw Failure(description: "still running after \(timeout); its output:\n\(output)\n--- its errors:\n\(errors)")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    return process.terminationStatus
  }

  /// Closes its input and returns its exit status once it ends (failing after `timeout`).
  func finish(timeout: Duration = .seconds(150)) async throws -> Int32 {
    try? input.fileHandleForWriting.close()
    return try await exitStatus(timeout: timeout)
  }

  /// Closes its input (the end of input ends it), then kills it if it lingers past 10 s.
  func stop() async {
    try? input.fileHandleForWriting.close()
    let deadline = ContinuousClock.now + .seconds(10)
    while process.isRunning && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(20))
    }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
}
