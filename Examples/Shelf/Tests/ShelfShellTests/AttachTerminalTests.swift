import Foundation
import Testing

/// `shelfshell --attach` at a real terminal (tmux): the prompt, Tab completion and history from
/// the app's live session, `tail` stopped by Ctrl-C, Ctrl-D to detach.
@Suite(.timeLimit(.minutes(2)))
struct AttachTerminalTests {
  @Test func promptCompletionHistoryAndTailAtATerminal() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(["--tick", "100"], in: folder)
    let tmux = try Tmux(command: "XDG_RUNTIME_DIR=\(folder.path) NO_COLOR=1 HOME=\(folder.path) \(try Built.executable("shelfshell").path) --attach \(daemon.pid); echo EXIT=$?; sleep 60")
    try tmux.waitFor("shelf@\(daemon.pid) (live, read-only)>")
    tmux.keys("select selectTi", "Tab")
    try tmux.waitFor("select selectTitles")
    tmux.keys("Enter")
    try tmux.waitFor("[\"Middlemarch\", \"Persuasion\", \"The Leopard\"")
    tmux.keys("Up", "Enter")
    try tmux.waitFor("[\"Middlemarch\", \"Persuasion\", \"The Leopard\"", count: 2)
    tmux.keys("tail", "Enter")
    try tmux.waitFor("→ onTapAddBook(title: \"Tick\")", count: 2)
    tmux.keys("C-c")
    try tmux.waitFor("stopped tailing")
    try tmux.waitFor("shelf@\(daemon.pid) (live, read-only)>", count: 4)
    tmux.keys("fork", "Enter")
    try tmux.waitFor("shelf@\(daemon.pid) (fork)>")
    tmux.keys("C-d")
    try tmux.waitFor("EXIT=0")
  }

  /// Colours travel with the diff lines: a tailed diff is coloured as a local one (added green,
  /// removed red), not left plain because it crossed the socket as JSON.
  @Test func tailedDiffsAreColouredAsLocalOnes() throws {
    let folder = try RuntimeFolder()
    let daemon = try Daemon(["--tick", "100"], in: folder)
    // The tests run with NO_COLOR=1 in their environment, which tmux's server inherits: unset here.
    let tmux = try Tmux(command: "env -u NO_COLOR XDG_RUNTIME_DIR=\(folder.path) HOME=\(folder.path) TERM=xterm-256color \(try Built.executable("shelfshell").path) --attach \(daemon.pid); echo EXIT=$?; sleep 60")
    try tmux.waitFor("shelf@\(daemon.pid) (live, read-only)>")
    tmux.keys("tail", "Enter")
    try tmux.waitFor("→ onTapRemoveBook(title: \"Tick\")", count: 2)
    let screen = tmux.colouredScreen
    #expect(screen.contains("\u{1B}[32m+     \"Tick\""), "no green added line:\n\(screen.debugDescription)")
    #expect(screen.contains("\u{1B}[31m-     \"Tick\""), "no red removed line:\n\(screen.debugDescription)")
    tmux.keys("C-c")
    try tmux.waitFor("stopped tailing")
    tmux.keys("C-d")
    try tmux.waitFor("EXIT=0")
  }
}

/// A tmux server of one test's own, with one window running `command`; killed at the end.
final class Tmux {
  private let name = "attach-\(UUID().uuidString.prefix(8))"

  init(command: String) throws {
    try run(["new-session", "-d", "-x", "160", "-y", "60", "-s", "t", command])
  }

  /// Sends keys (`Enter`, `C-c`, or text).
  func keys(_ keys: String...) {
    _ = try? run(["send-keys", "-t", "t"] + keys)
  }

  /// The screen and its scrollback.
  var screen: String {
    (try? run(["capture-pane", "-p", "-S", "-200", "-t", "t"])) ?? ""
  }

  /// The screen and its scrollback with their colours (SGR escapes, as `capture-pane -e` writes them).
  var colouredScreen: String {
    (try? run(["capture-pane", "-p", "-e", "-S", "-200", "-t", "t"])) ?? ""
  }

  /// Waits until the screen shows `text` `count` times; a failure with the screen after `seconds`.
  func waitFor(_ text: String, count: Int = 1, within seconds: Double = 20) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if screen.components(separatedBy: text).count - 1 >= count { return }
      usleep(100_000)
    }
    throw Failure("the terminal never showed \(count)× `\(text)` within \(seconds) s:\n\(screen)")
  }

  /// Runs tmux through the shell (`popen`): Foundation's `Process` does not see the client of
  /// `new-session -d` end, as it forks the server.
  @discardableResult
  private func run(_ arguments: [String]) throws -> String {
    let quoted = (["tmux", "-L", name] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    guard let pipe = popen(quoted.joined(separator: " ") + " 2>/dev/null", "r") else { throw Failure("cannot run tmux") }
    var output = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = fread(&buffer, 1, buffer.count, pipe)
      if count <= 0 { break }
      output.append(contentsOf: buffer[0..<count])
    }
    pclose(pipe)
    return String(decoding: output, as: UTF8.self)
  }

  deinit { _ = try? run(["kill-server"]) }
}
