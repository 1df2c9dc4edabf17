import Foundation

/// A `shelfshell` that runs while the test talks to it: lines to its input, signals, and its
/// output read as it comes. Killed at the end if it still runs.
final class ShellProcess {
  let process = Process()
  private let input = Pipe()
  private let collected: Collected
  private let ended = DispatchSemaphore(value: 0)

  init(_ arguments: [String], in folder: RuntimeFolder, prefix: [String] = []) throws {
    let binary = try Built.executable("shelfshell").path
    process.executableURL = URL(fileURLWithPath: prefix.isEmpty ? binary : "/usr/bin/env")
    process.arguments = prefix.isEmpty ? arguments : prefix + [binary] + arguments
    process.environment = folder.environment
    let (stdout, stderr) = (Pipe(), Pipe())
    process.standardInput = input
    process.standardOutput = stdout
    process.standardError = stderr
    collected = Collected(stdout: stdout, stderr: stderr)
    process.terminationHandler = { [ended] _ in ended.signal() }
    try process.run()
  }

  /// Types `line` and Return.
  func send(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  /// Ends the input (Ctrl-D).
  func closeInput() throws {
    try input.fileHandleForWriting.close()
  }

  /// Waits until standard output holds `text` `count` times; a failure with the output after `seconds`.
  @discardableResult
  func waitFor(_ text: String, count: Int = 1, within seconds: Double = 20) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      let output = collected.output
      if output.components(separatedBy: text).count - 1 >= count { return output }
      usleep(5_000)
    }
    throw Failure("no \(count)× `\(text)` within \(seconds) s; the shell printed:\n\(collected.output)\n\(collected.errors)")
  }

  /// Waits (at most `seconds`) for the shell to end; a failure with its output when it does not.
  func finish(within seconds: Double = 20) throws -> ShellRun {
    guard ended.wait(timeout: .now() + seconds) == .success else {
      process.terminate()
      throw Failure("the shell did not end within \(seconds) s; it printed:\n\(collected.output)\n\(collected.errors)")
    }
    return ShellRun(status: process.terminationStatus, output: collected.output, errors: collected.errors)
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
}

/// A raw client of an attachment's socket, for what a real shell never sends: garbage, frames too
/// large, and a tail it never reads.
final class RawClient {
  /// The attach protocol this revision of replshell and ReplShellAttachment speak
  /// (`Documentation/Protocol.md`, "The handshake").
  static let attachProtocol = 3

  let descriptor: Int32

  init(path: String) throws {
    descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      let bytes = Array(path.utf8)
      buffer.copyBytes(from: bytes)
      buffer[bytes.count] = 0
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard result == 0 else { throw Failure("cannot connect to \(path): errno \(errno)") }
  }

  /// Sends raw bytes.
  func write(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  /// Sends a shell's hello, in the protocol's version.
  func hello() {
    frame(#"{"protocol":\#(Self.attachProtocol),"request":"hello"}"#)
  }

  /// Sends one frame of `text`.
  func frame(_ text: String) {
    let body = Array(text.utf8)
    let length = UInt32(body.count)
    write([UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + body)
  }

  /// Everything readable until the peer closes or nothing comes for `quiet` seconds (at most `seconds` in all).
  func readAll(quiet: Double = 1, within seconds: Double = 20, until enough: (String) -> Bool = { _ in false }) -> (text: String, closed: Bool) {
    var data: [UInt8] = []
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while Date() < deadline {
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, Int32(quiet * 1000)) > 0 else { break }
      let got = recv(descriptor, &buffer, buffer.count, 0)
      if got <= 0 { return (String(decoding: data, as: UTF8.self), true) }
      data += buffer[0..<got]
      if enough(String(decoding: data, as: UTF8.self)) { break }
    }
    return (String(decoding: data, as: UTF8.self), false)
  }

  /// Reads until the peer closes the connection: true then, false when it is still open after
  /// `seconds` (a bound for a broken build, not a window the app must beat).
  func waitUntilClosed(within seconds: Double = 30) -> Bool {
    readAll(quiet: seconds, within: seconds).closed
  }

  deinit { close(descriptor) }
}
