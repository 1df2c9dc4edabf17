import Foundation
import TestSupport
import Testing

/// One run of the built `replshell` executable as a subprocess, the way CI runs it: what it
/// printed on each stream, its exit status and its wall time.
struct ReplShellRun: Sendable {
  let status: Int32
  let standardOutput: String
  let standardError: String
  let duration: Duration

  /// The lines of standard output.
  var lines: [String] { standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

  /// The built `replshell`.
  static var executable: URL {
    get throws { try #require(replshellBinary, "the replshell executable is not built") }
  }

  /// Runs `replshell` with `arguments` in `directory`, without a terminal, and waits for it to end
  /// without blocking a thread of the test's pool.
  static func run(_ arguments: [String], in directory: URL) async throws -> ReplShellRun {
    let process = Process()
    process.executableURL = try executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardInput = FileHandle.nullDevice
    let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("replshell-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outputs) }
    let stdoutURL = outputs.appendingPathComponent("stdout")
    let stderrURL = outputs.appendingPathComponent("stderr")
    try Data().write(to: stdoutURL)
    try Data().write(to: stderrURL)
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = try FileHandle(forWritingTo: stderrURL)
    process.standardOutput = stdout
    process.standardError = stderr
    let start = ContinuousClock.now
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      process.terminationHandler = { _ in continuation.resume() }
      do {
        try process.run()
      } catch {
        continuation.resume(throwing: error)
      }
    }
    let duration = ContinuousClock.now - start
    try stdout.close()
    try stderr.close()
    return ReplShellRun(
      status: process.terminationStatus,
      standardOutput: try String(contentsOf: stdoutURL, encoding: .utf8),
      standardError: try String(contentsOf: stderrURL, encoding: .utf8),
      duration: duration)
  }
}
