import Foundation
import TestSupport

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
    do {
      app = try PipedChild(
        try PipedChild.built("AttachedCounter"), allowsWrites ? ["--allow-writes"] : [],
        environment: ["XDG_RUNTIME_DIR": folder.path], folder: folder, name: "app")
    } catch {
      // Nothing else will remove the folder: `with` never got the pair.
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
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
