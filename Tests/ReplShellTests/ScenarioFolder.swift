import Foundation

/// A temporary folder of scenario scripts and goldens for one test, removed by `remove()`.
struct ScenarioFolder: Sendable {
  let url: URL

  /// A fresh, empty folder.
  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `text` to `path` inside the folder, making the folders on the way.
  func write(_ path: String, _ text: String) throws {
    try write(path, Data(text.utf8))
  }

  /// Writes `data` to `path` inside the folder, making the folders on the way.
  func write(_ path: String, _ data: Data) throws {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: file)
  }

  /// Whether `path` inside the folder exists.
  func contains(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path)
  }

  /// The text of `path` inside the folder.
  func read(_ path: String) throws -> String {
    try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
  }

  /// Runs `replshell` with `arguments` in this folder, with `input` on its standard input.
  func replshell(_ arguments: String..., input: String? = nil) async throws -> ReplShellRun {
    try await ReplShellRun.run(arguments, in: url, input: input)
  }

  /// Removes the folder and everything in it.
  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
