import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TestSupport

/// The built `replshell` on a pseudo-terminal of its own, driven as a person at a keyboard drives
/// it: keys go in, the screen comes out, and every wait has a deadline. The child is a session
/// leader with the terminal as its controlling terminal, so Ctrl-C is a signal from the terminal
/// and a pager can read the keyboard. A wait that times out kills the child and fails with the
/// last of the screen.
final class TerminalSession: @unchecked Sendable {
  /// How long one wait for the screen, or for the exit, may take.
  static let deadline: Duration = .seconds(150)

  private let controller: Int32
  private let pid: pid_t
  private let state = NSCondition()
  private var received = Data()
  private var consumed = 0
  private var status: Int32?

  /// Starts `replshell arguments` in `directory` on a `rows`×`columns` terminal, with only the
  /// environment a terminal session needs (`TERM`, `HOME`, …) plus `environment`.
  init(_ arguments: [String], in directory: URL, environment: [String: String] = [:], rows: UInt16 = 24, columns: UInt16 = 120) throws {
    let binary = try ReplShellBinary.url
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    var controller: Int32 = 0
    var terminal: Int32 = 0
    guard openpty(&controller, &terminal, nil, nil, &size) == 0, let name = ttyname(terminal) else {
      throw Failure("openpty failed: \(String(cString: strerror(errno)))")
    }
    let terminalPath = String(cString: name)
    self.controller = controller
    let base = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path, "TERM": "xterm",
      "LANG": "C.UTF-8", "XDG_STATE_HOME": directory.appendingPathComponent("state").path,
      "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
    ]
    let variables = base.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // glibc starts the new session before the file actions run, so opening the terminal as
    // descriptor 0 makes it the session's controlling terminal.
    posix_spawnattr_setflags(&attributes, Self.startNewSession)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, terminalPath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    posix_spawn_file_actions_addclose(&actions, controller)
    posix_spawn_file_actions_addclose(&actions, terminal)
    let argv = (["/usr/bin/env", "-C", directory.path, binary.path] + arguments).map { strdup($0) } + [nil]
    let envp = variables.map { strdup($0) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, envp)
    close(terminal)
    guard spawned == 0 else {
      close(controller)
      throw Failure("cannot start \(binary.path): \(String(cString: strerror(spawned)))")
    }
    self.pid = pid
    startReading()
    startWaiting()
  }

  deinit {
    if exitStatusNow == nil { kill(pid, SIGKILL) }
    close(controller)
  }

  /// `POSIX_SPAWN_SETSID`, which the Glibc module does not export.
  private static let startNewSession: Int16 = 0x80

  private var exitStatusNow: Int32? {
    state.lock()
    defer { state.unlock() }
    return status
  }

  private func startReading() {
    let controller = controller
    Thread.detachNewThread { [weak self] in
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(controller, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard let self else { return }
        // EIO: the child and everything it started closed the terminal.
        guard count > 0 else { return }
        self.state.lock()
        self.received.append(contentsOf: buffer[0..<count])
        self.state.broadcast()
        self.state.unlock()
      }
    }
  }

  private func startWaiting() {
    let pid = pid
    Thread.detachNewThread { [weak self] in
      var status: Int32 = 0
      while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
      guard let self else { return }
      self.state.lock()
      self.status = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
      self.state.broadcast()
      self.state.unlock()
    }
  }

  /// Types `keys` (control keys as their characters: `"\u{3}"` is Ctrl-C).
  func type(_ keys: String) {
    // Keys typed while the line editor is still switching the terminal's mode can be flushed;
    // a person types after the screen has been still for a moment, and so does this.
    _ = blockingSettledScreen(quiet: .milliseconds(150))
    let bytes = Array(keys.utf8)
    _ = bytes.withUnsafeBufferPointer { write(controller, $0.baseAddress, $0.count) }
  }

  /// Everything the terminal showed so far, raw, with its escape sequences.
  var rawOutput: String {
    state.lock()
    defer { state.unlock() }
    return String(decoding: received, as: UTF8.self)
  }

  /// Everything the terminal showed so far without escape sequences and carriage returns.
  var screen: String { Self.plain(rawOutput) }

  /// Waits until `text` shows after what earlier waits matched, and returns what came before it
  /// since then; past the deadline, kills the child and throws with the end of the screen.
  @discardableResult
  func blockingWaitFor(_ text: String, within limit: Duration = deadline) throws -> String {
    let end = Date().addingTimeInterval(limit.timeInterval)
    state.lock()
    defer { state.unlock() }
    while true {
      let shown = Self.plain(String(decoding: received, as: UTF8.self))
      let start = shown.index(shown.startIndex, offsetBy: min(consumed, shown.count))
      if let match = shown.range(of: text, range: start..<shown.endIndex) {
        consumed = shown.distance(from: shown.startIndex, to: match.upperBound)
        return String(shown[start..<match.lowerBound])
      }
      if let status {
        // What it printed last may still be on its way from the terminal.
        if state.wait(until: Date().addingTimeInterval(0.2)) { continue }
        throw Failure("`\(text)` did not show: replshell exited with status \(status). The screen ended with:\n\(Self.tail(shown))")
      }
      if !state.wait(until: end) {
        kill(pid, SIGKILL)
        throw Failure("`\(text)` did not show within \(limit); killed replshell. The screen ended with:\n\(Self.tail(shown))")
      }
    }
  }

  /// What the screen showed after the last match, once nothing new arrived for `quiet` (plain text).
  func blockingSettledScreen(quiet: Duration = .milliseconds(400)) -> String {
    state.lock()
    defer { state.unlock() }
    let giveUp = Date().addingTimeInterval(Self.deadline.timeInterval)
    var count = received.count
    var lastChange = Date()
    while Date() < lastChange.addingTimeInterval(quiet.timeInterval), Date() < giveUp {
      _ = state.wait(until: lastChange.addingTimeInterval(quiet.timeInterval))
      if received.count != count {
        count = received.count
        lastChange = Date()
      }
    }
    let shown = Self.plain(String(decoding: received, as: UTF8.self))
    return String(shown.dropFirst(consumed))
  }

  /// Waits for the child to exit and returns its status; past the deadline, kills it and throws
  /// with the end of the screen.
  func blockingExitStatus(within limit: Duration = deadline) throws -> Int32 {
    let end = Date().addingTimeInterval(limit.timeInterval)
    state.lock()
    defer { state.unlock() }
    while status == nil {
      if !state.wait(until: end) {
        kill(pid, SIGKILL)
        let shown = Self.plain(String(decoding: received, as: UTF8.self))
        throw Failure("replshell did not exit within \(limit); killed it. The screen ended with:\n\(Self.tail(shown))")
      }
    }
    return status ?? -1
  }

  /// `blockingWaitFor` on a thread of its own: the cooperative pool has one thread a core, and a
  /// test blocking one of them for seconds starves every other test in the process.
  @discardableResult
  func waitFor(_ text: String, within limit: Duration = deadline) async throws -> String {
    try await offThePool { try self.blockingWaitFor(text, within: limit) }
  }

  /// `blockingSettledScreen` on a thread of its own.
  func settledScreen(quiet: Duration = .milliseconds(400)) async -> String {
    (try? await offThePool { self.blockingSettledScreen(quiet: quiet) }) ?? ""
  }

  /// `blockingExitStatus` on a thread of its own.
  func exitStatus(within limit: Duration = deadline) async throws -> Int32 {
    try await offThePool { try self.blockingExitStatus(within: limit) }
  }

  /// `text` without CSI and other escape sequences, bells and carriage returns.
  static func plain(_ text: String) -> String {
    var result = text.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[ -/]*[@-~]", with: "", options: .regularExpression)
    result = result.replacingOccurrences(of: "\u{1B}[()][0-9A-Za-z]|\u{1B}[=>78]", with: "", options: .regularExpression)
    result = result.replacingOccurrences(of: "[\r\u{7}\u{1}]", with: "", options: .regularExpression)
    return result
  }

  /// The last lines of `text`, for a failure message.
  static func tail(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).suffix(25).joined(separator: "\n")
  }

  /// A terminal session that did not go as expected.
  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}

extension Duration {
  /// The duration in seconds, for `Date` arithmetic.
  var timeInterval: TimeInterval {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
