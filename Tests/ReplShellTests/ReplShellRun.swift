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

  /// How long one run may take before it is killed and the test fails: a bound for a hung build,
  /// far past what a loaded machine adds (the first seconds of a parallel test run stall every suite).
  static let deadline: Duration = .seconds(150)

  /// The lines of standard output.
  var lines: [String] { standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

  /// The built `replshell`; a failure that says how to build it when there is none.
  static var executable: URL {
    get throws { try ReplShellBinary.url }
  }

  /// A run that did not end within its deadline: killed, with the last of what it printed.
  struct Hung: Error, CustomStringConvertible {
    let arguments: [String]
    let limit: Duration
    let standardOutput: String
    let standardError: String

    var description: String {
      "replshell \(arguments.joined(separator: " ")) did not end within \(limit) and was killed.\n"
        + "Its standard output ended with:\n\(Self.tail(standardOutput))\nIts standard error ended with:\n\(Self.tail(standardError))"
    }

    private static func tail(_ text: String) -> String {
      text.split(separator: "\n", omittingEmptySubsequences: false).suffix(20).joined(separator: "\n")
    }
  }

  /// Runs `replshell` with `arguments` in `directory`, without a terminal, with `input` on its
  /// standard input (nothing by default), and waits for it to end without blocking a thread of
  /// the test's pool. Past `limit` the process is killed and `Hung` thrown with what it printed.
  static func run(
    _ arguments: [String], in directory: URL, input: String? = nil, environment: [String: String] = [:],
    limit: Duration = deadline
  ) async throws -> ReplShellRun {
    let process = Process()
    process.executableURL = try executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let outputs = FileManager.default.temporaryDirectory.appendingPathComponent("replshell-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outputs) }
    let stdinURL = outputs.appendingPathComponent("stdin")
    let stdoutURL = outputs.appendingPathComponent("stdout")
    let stderrURL = outputs.appendingPathComponent("stderr")
    try Data((input ?? "").utf8).write(to: stdinURL)
    try Data().write(to: stdoutURL)
    try Data().write(to: stderrURL)
    let stdin = try FileHandle(forReadingFrom: stdinURL)
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = try FileHandle(forWritingTo: stderrURL)
    process.standardInput = input == nil ? FileHandle.nullDevice : stdin
    process.standardOutput = stdout
    process.standardError = stderr
    let start = ContinuousClock.now
    let killed = KilledFlag()
    var watchdog: Task<Void, any Error>?
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      process.terminationHandler = { _ in continuation.resume() }
      do {
        try process.run()
      } catch {
        continuation.resume(throwing: error)
        return
      }
      let pid = process.processIdentifier
      watchdog = Task.detached {
        try await Task.sleep(for: limit)
        killed.set()
        kill(pid, SIGKILL)
      }
    }
    let duration = ContinuousClock.now - start
    watchdog?.cancel()
    try stdin.close()
    try stdout.close()
    try stderr.close()
    let output = try String(contentsOf: stdoutURL, encoding: .utf8)
    let errors = try String(contentsOf: stderrURL, encoding: .utf8)
    if killed.isSet {
      throw Hung(arguments: arguments, limit: limit, standardOutput: output, standardError: errors)
    }
    return ReplShellRun(status: process.terminationStatus, standardOutput: output, standardError: errors, duration: duration)
  }
}

/// Set once the watchdog killed a run.
private final class KilledFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}
