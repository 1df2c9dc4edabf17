import Foundation
import TestSupport

/// `replshell --inspect --script session.txt` as a child process: the script runs, the shell
/// prints the inspector's address on standard error and goes on serving until SIGINT. Its
/// standard output is the terminal transcript the page's lines are printed in too.
final class InspectedShell: Sendable {
  let child: ChildProcess
  /// The folder the script and its files are in.
  let folder: URL
  let outputPath: String
  let errorPath: String
  /// `http://127.0.0.1:PORT/?token=…`.
  let address: String

  private init(child: ChildProcess, folder: URL, outputPath: String, errorPath: String, address: String) {
    self.child = child
    self.folder = folder
    self.outputPath = outputPath
    self.errorPath = errorPath
    self.address = address
  }

  /// What went wrong with the shell, with what it printed.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Writes `script` to a fresh folder (after `prepare` puts its files there), starts the shell
  /// on it, and returns once the script has run and the inspector serves.
  static func start(script: String, prepare: (URL) throws -> Void = { _ in }) async throws -> InspectedShell {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inspector-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try prepare(folder)
    let scriptPath = folder.appendingPathComponent("session.txt").path
    try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
    let outputPath = folder.appendingPathComponent("stdout.txt").path
    let errorPath = folder.appendingPathComponent("stderr.txt").path
    // INSPECTOR_REPLSHELL names another build to run (a release build, for the scale figures).
    let binary = try ProcessInfo.processInfo.environment["INSPECTOR_REPLSHELL"] ?? ReplShellBinary.url.path
    let child = try ChildProcess.spawn(
      binary, ["--inspect", "--script", scriptPath, "--no-color"], environment: ["NO_COLOR": "1", "REPLSHELL_SETTLE_TIMEOUT": "600"],
      outputPath: outputPath, errorPath: errorPath)
    // The script runs before the shell serves: the signal is its line, or its exit. The bound
    // only ends a shell that hangs (the suites' time limits come first), however slow the machine.
    let deadline = ContinuousClock.now + .seconds(600)
    while ContinuousClock.now < deadline {
      let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
      if let line = errors.split(separator: "\n").first(where: { $0.hasPrefix("inspector: still serving ") }),
        let address = line.split(separator: " ").first(where: { $0.hasPrefix("http://") })
      {
        return InspectedShell(child: child, folder: folder, outputPath: outputPath, errorPath: errorPath, address: String(address))
      }
      if child.exitStatus != nil { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    child.send(SIGKILL)
    let printed = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    throw Failure(description: "the shell never said it serves the inspector; it printed:\n\(printed)")
  }

  /// Runs `body` with a shell started on `script`, then stops the shell, whatever happened; a
  /// failure carries the shell's transcript and errors.
  static func with<T>(script: String, prepare: (URL) throws -> Void = { _ in }, _ body: (InspectedShell) async throws -> T) async throws -> T {
    let shell = try await start(script: script, prepare: prepare)
    do {
      let result = try await body(shell)
      await shell.stop()
      return result
    } catch {
      let failure = Failure(description: "\(error)\n--- the shell's transcript:\n\(shell.transcript)\n--- its errors:\n\(shell.errors)")
      await shell.stop()
      throw failure
    }
  }

  /// The port the inspector listens on.
  var port: Int {
    Int(address.split(separator: ":")[2].prefix { $0.isNumber }) ?? 0
  }

  /// The token in the address.
  var token: String {
    String(address.split(separator: "=").last ?? "")
  }

  /// What the shell printed on standard output so far: the transcript.
  var transcript: String {
    (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }

  /// What the shell printed on standard error so far.
  var errors: String {
    (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
  }

  /// Waits until the transcript contains `text`; fails after `timeout` with the transcript.
  func waitForTranscript(containing text: String, timeout: Duration = .seconds(20)) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if transcript.contains(text) { return }
      try await Task.sleep(for: .milliseconds(25))
    }
    throw Failure(description: "the transcript never showed `\(text)`; it is:\n\(transcript)")
  }

  /// Interrupts the shell as Ctrl-C does and returns its exit status; kills it if it lingers.
  @discardableResult
  func stop() async -> Int32 {
    child.send(SIGINT)
    let watchdog = Task {
      try await Task.sleep(for: .seconds(10))
      child.send(SIGKILL)
    }
    defer { watchdog.cancel() }
    let status = await child.waitForExit()
    try? FileManager.default.removeItem(at: folder)
    return status
  }
}
