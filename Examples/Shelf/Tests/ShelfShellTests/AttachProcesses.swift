import Foundation
import Testing

/// The executables built beside the tests: `shelfd` and `shelfshell`.
enum Built {
  static let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()

  static func executable(_ name: String) throws -> URL {
    let url = folder.appendingPathComponent(name)
    guard FileManager.default.isExecutableFile(atPath: url.path) else {
      throw Failure("no \(name) beside the tests in \(folder.path): run `swift build` in Examples/Shelf (or `swift test`, which builds it)")
    }
    return url
  }
}

struct Failure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// A folder of one test's own for the attachment sockets (`XDG_RUNTIME_DIR`), removed at the end.
final class RuntimeFolder {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("attach-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
  }

  var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_RUNTIME_DIR"] = path
    environment["NO_COLOR"] = "1"
    return environment
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A running `shelfd`: its pid and socket, read from the line it prints first; killed at the end.
final class Daemon {
  let process = Process()
  let input = Pipe()
  let output = Pipe()
  let errors = Pipe()
  private(set) var socketPath = ""
  var pid: Int32 { process.processIdentifier }

  /// The first line it printed: how to attach, or that it cannot be attached to.
  private(set) var announcement = ""

  /// Starts `shelfd` with `arguments` (`--tick 100`, `--allow-writes`), `prefix` before it
  /// (`setpriv …`); unless `opensAttachment` is false, its first line must name its socket.
  init(_ arguments: [String] = [], in folder: RuntimeFolder, prefix: [String] = [], opensAttachment: Bool = true) throws {
    let binary = try Built.executable("shelfd").path
    process.executableURL = URL(fileURLWithPath: prefix.isEmpty ? binary : "/usr/bin/env")
    process.arguments = prefix.isEmpty ? arguments : prefix + [binary] + arguments
    process.environment = folder.environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let first = try Self.line(from: output.fileHandleForReading, within: 20)
    announcement = first
    guard opensAttachment else { return }
    guard let range = first.range(of: "("), first.hasSuffix(")") else { throw Failure("shelfd printed `\(first)`") }
    socketPath = String(first[range.upperBound...].dropLast())
  }

  /// The count of the next `ticked N` line the app prints (`--tick`, every 1000 ticks) that is at
  /// least `count`; a failure when none comes within `seconds`.
  @discardableResult
  func ticked(atLeast count: Int, within seconds: Double = 120) throws -> Int {
    while true {
      let line = try Self.line(from: output.fileHandleForReading, within: seconds)
      if line.hasPrefix("ticked "), let ticks = Int(line.dropFirst("ticked ".count)), ticks >= count { return ticks }
    }
  }

  /// Dispatches a tap in the app (`add Emma`).
  func tap(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Sends `signal`, and waits (at most 10 s) for the process to end.
  func stop(_ signal: Int32 = SIGTERM) {
    guard process.isRunning else { return }
    kill(process.processIdentifier, signal)
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  /// What the app logged on standard error so far (after it stopped).
  var log: String {
    String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
  }

  deinit { stop(SIGKILL) }

  /// One line read from `handle`, or a failure after `seconds`.
  static func line(from handle: FileHandle, within seconds: Double) throws -> String {
    var bytes: [UInt8] = []
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var entry = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 100) > 0 else { continue }
      var byte: UInt8 = 0
      guard read(handle.fileDescriptor, &byte, 1) == 1 else { break }
      if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(byte)
    }
    throw Failure("no line within \(seconds) s; read so far: \(String(decoding: bytes, as: UTF8.self))")
  }
}

/// A finished run of `shelfshell`.
struct ShellRun {
  var status: Int32
  var output: String
  var errors: String
}

/// Runs `shelfshell` with `arguments`, `input` on standard input; killed, with its output in the
/// failure, when it has not ended after `seconds`.
func runShell(_ arguments: [String], input: String = "", in folder: RuntimeFolder, prefix: [String] = [], within seconds: Double = 30) throws -> ShellRun {
  let process = Process()
  let binary = try Built.executable("shelfshell").path
  process.executableURL = URL(fileURLWithPath: prefix.isEmpty ? binary : "/usr/bin/env")
  process.arguments = prefix.isEmpty ? arguments : prefix + [binary] + arguments
  process.environment = folder.environment
  let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
  process.standardInput = stdin
  process.standardOutput = stdout
  process.standardError = stderr
  let ended = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in ended.signal() }
  try process.run()
  stdin.fileHandleForWriting.write(Data(input.utf8))
  try stdin.fileHandleForWriting.close()
  let collected = Collected(stdout: stdout, stderr: stderr)
  guard ended.wait(timeout: .now() + seconds) == .success else {
    process.terminate()
    _ = ended.wait(timeout: .now() + 2)
    throw Failure("shelfshell \(arguments.joined(separator: " ")) did not end within \(seconds) s; it printed:\n\(collected.output)\n\(collected.errors)")
  }
  return ShellRun(status: process.terminationStatus, output: collected.output, errors: collected.errors)
}

/// Output read as it comes, so that a full pipe never stalls the child.
final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var out = Data()
  private var err = Data()

  init(stdout: Pipe, stderr: Pipe) {
    stdout.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.append(handle.availableData, error: false) }
    stderr.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.append(handle.availableData, error: true) }
  }

  private func append(_ data: Data, error: Bool) {
    lock.lock()
    defer { lock.unlock() }
    if error { err.append(data) } else { out.append(data) }
  }

  var output: String {
    usleep(50_000)
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: out, as: UTF8.self)
  }

  var errors: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: err, as: UTF8.self)
  }
}
