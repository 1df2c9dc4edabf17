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
    FileManager.default.createFile(atPath: outputPath, contents: nil)
    FileManager.default.createFile(atPath: errorPath, contents: nil)
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

  /// Waits until its output (or its errors) contains `text`; fails after `timeout` with both.
  @discardableResult
  func wait(for text: String, inErrors: Bool = false, timeout: Duration = .seconds(30)) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      let printed = inErrors ? errors : output
      if printed.contains(text) { return printed }
      if !process.isRunning { break }
      try await Task.sleep(for: .milliseconds(25))
    }
    throw Failure(description: "never printed `\(text)`; its output:\n\(output)\n--- its errors:\n\(errors)")
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

/// `AttachedCounter` (a running Counter app with its attachment open) and `replshell --attach PID
/// --inspect` attached to it, in a folder of the test's own (`XDG_RUNTIME_DIR` for the socket).
final class AttachedPair: @unchecked Sendable {
  let folder: URL
  let app: PipedChild
  let socketPath: String
  private(set) var shell: PipedChild?
  /// The inspector's address the shell printed.
  private(set) var address = ""

  var environment: [String: String] { ["XDG_RUNTIME_DIR": folder.path, "NO_COLOR": "1"] }

  /// Starts the app (`--allow-writes` when `allowsWrites`) and waits until it listens.
  init(allowsWrites: Bool = false) async throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("attach-inspect-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    app = try PipedChild(
      try PipedChild.built("AttachedCounter"), allowsWrites ? ["--allow-writes"] : [],
      environment: ["XDG_RUNTIME_DIR": folder.path], folder: folder, name: "app")
    let printed = try await app.wait(for: ")\n")
    socketPath = String(printed.split(separator: "(").last?.split(separator: ")").first ?? "")
  }

  /// Starts `replshell --attach PID` with `arguments` (`--inspect`), and when it inspects waits
  /// for the address it prints.
  func attachShell(_ arguments: [String] = ["--inspect"]) async throws {
    let shell = try PipedChild(
      try ReplShellBinary.url.path, ["--attach", String(app.process.processIdentifier)] + arguments, environment: environment,
      folder: folder, name: "shell")
    self.shell = shell
    guard arguments.contains("--inspect") else { return }
    let errors = try await shell.wait(for: "inspector: http", inErrors: true)
    address = errors.split(separator: "\n").first { $0.hasPrefix("inspector: ") }.map { String($0.dropFirst("inspector: ".count)) } ?? ""
  }

  /// Runs `body` with the pair, then stops both, whatever happened; a failure carries what they printed.
  static func with<T>(allowsWrites: Bool = false, _ body: (AttachedPair) async throws -> T) async throws -> T {
    let pair = try await AttachedPair(allowsWrites: allowsWrites)
    do {
      let result = try await body(pair)
      await pair.stop()
      return result
    } catch {
      let failure = PipedChild.Failure(
        description: "\(error)\n--- the shell's output:\n\(pair.shell?.output ?? "")\n--- its errors:\n\(pair.shell?.errors ?? "")\n--- the app's:\n\(pair.app.output)\(pair.app.errors)")
      await pair.stop()
      throw failure
    }
  }

  func stop() async {
    await shell?.stop()
    await app.stop()
    try? FileManager.default.removeItem(at: folder)
  }
}
