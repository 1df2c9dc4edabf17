import Foundation

/// A command in a detached tmux pane of its own (a private tmux server on a socket in the test's
/// folder): keys go in with `send-keys`, the screen comes back with `capture-pane`, as a person
/// sees it. Every wait has a deadline; `stop` kills the server and its pane.
package final class TmuxPane: Sendable {
  package let socket: String
  private let folder: URL

  package struct Failure: Error, CustomStringConvertible {
    package let description: String

    package init(description: String) {
      self.description = description
    }
  }

  /// Starts `command` (a shell command line) in a `columns`×`rows` pane.
  package init(_ command: String, folder: URL, columns: Int = 100, rows: Int = 30) async throws {
    self.folder = folder
    socket = folder.appendingPathComponent("tmux.sock").path
    try await tmux(["new-session", "-d", "-s", "test", "-x", String(columns), "-y", String(rows), command])
  }

  /// Types `text` as it is (no key names).
  package func type(_ text: String) async throws {
    try await tmux(["send-keys", "-t", "test", "-l", text])
  }

  /// Presses the key `name` (`Enter`, `Left`).
  package func press(_ name: String) async throws {
    try await tmux(["send-keys", "-t", "test", name])
  }

  /// The screen, its rows joined (`-J`: a wrapped row continues its line), trailing blanks dropped;
  /// with `scrollback`, every row since the pane started, the rows scrolled off the top first.
  package func screen(scrollback: Bool = false) async throws -> String {
    let output = folder.appendingPathComponent("tmux-capture-\(UUID().uuidString.prefix(8)).txt").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    try await tmux(["capture-pane", "-p", "-J", "-t", "test"] + (scrollback ? ["-S", "-"] : []), output: output)
    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
      .joined(separator: "\n").trimmingCharacters(in: .newlines)
  }

  /// Waits until the screen (with `scrollback`, every row since the pane started) meets
  /// `condition`; fails after `timeout` with the screen.
  @discardableResult
  package func wait(
    for what: String, timeout: Duration = .seconds(20), scrollback: Bool = false, until condition: (String) -> Bool
  ) async throws -> String {
    let deadline = ContinuousClock.now + timeout
    var last = ""
    while ContinuousClock.now < deadline {
      last = try await screen(scrollback: scrollback)
      if condition(last) { return last }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw Failure(description: "the pane never showed \(what); it shows:\n\(last)")
  }

  /// Kills the tmux server and the pane's command.
  package func stop() async {
    try? await tmux(["kill-server"])
  }

  private func tmux(_ arguments: [String], output: String? = nil) async throws {
    let log = output ?? folder.appendingPathComponent("tmux.log").path
    let status = try await ChildProcess.run("/usr/bin/tmux", ["-S", socket] + arguments, outputPath: log, timeout: .seconds(10))
    guard status == 0 else {
      throw Failure(description: "tmux \(arguments.first ?? "") failed (\(status)): \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }
  }
}
