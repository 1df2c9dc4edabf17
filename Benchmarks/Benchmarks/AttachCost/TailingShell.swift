import Foundation
import ReplShellAttachment

/// A shell as the benchmark drives it: a raw client of the attachment's socket that speaks the
/// attach protocol's frames (a 4-byte big-endian length, then JSON; `Documentation/Protocol.md`),
/// says its hello in the version the library speaks, and reads whole frames as fast as it can, on a
/// thread of its own, counting the tailed dispatches and the drops it is told of, and keeping the
/// app's refusal when it refuses this shell (a protocol the benchmark no longer speaks).
final class TailingShell: @unchecked Sendable {
  /// What a shell has read so far.
  struct Counts {
    /// Tailed dispatches, each with its diff.
    var dispatched = 0
    /// Dispatches the `tail dropped N actions here` notes said were dropped.
    var dropped = 0
    /// The app's refusal of this shell, if it refused it.
    var refusal: String?
  }

  let descriptor: Int32
  private let lock = NSLock()
  private var read = Counts()

  /// Connects to `path`; unless `reads` is false, a thread reads and counts every frame until the socket closes.
  init(path: String, reads: Bool = true) throws {
    descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      let bytes = Array(path.utf8)
      buffer.copyBytes(from: bytes)
      buffer[bytes.count] = 0
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard connected == 0 else { throw BenchmarkFailure("cannot connect to \(path)") }
    send(#"{"protocol":\#(ReplShellAttachment.protocolVersion),"request":"hello"}"#)
    if reads {
      Thread.detachNewThread { [self] in
        while let frame = receive() { count(frame) }
      }
    }
  }

  var counts: Counts {
    lock.lock()
    defer { lock.unlock() }
    return read
  }

  func send(_ text: String) {
    let body = Array(text.utf8)
    let length = UInt32(body.count).bigEndian
    let frame = withUnsafeBytes(of: length) { Array($0) } + body
    _ = frame.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  }

  /// One request and every frame up to its `done`, read on the calling thread.
  func roundTrip(_ line: String) throws {
    send(Self.line(line))
    while let frame = receive() {
      if frame.contains(#""event":"refused""#) { throw BenchmarkFailure("the app refused this shell: \(frame)") }
      if frame.contains(#""event":"done""#) { return }
    }
    throw BenchmarkFailure("the app closed the connection before it answered `\(line)`")
  }

  /// The frame body of a command line.
  static func line(_ line: String) -> String {
    #"{"line":"\#(line)","request":"line"}"#
  }

  /// The frame body that ends a tail.
  static let untail = #"{"request":"untail"}"#

  func close() {
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
  }

  private func count(_ frame: String) {
    lock.lock()
    defer { lock.unlock() }
    // An app writes its events as `--format json` prints them (`"event": "dispatched"`).
    if frame.contains(#""event": "dispatched""#) { read.dispatched += 1 }
    if frame.contains(#""event":"refused""#) { read.refusal = frame }
    if let range = frame.range(of: "tail dropped ") {
      read.dropped += Int(frame[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }
  }

  /// One frame's text, or nil at the end of the connection.
  private func receive() -> String? {
    guard let header = receive(count: 4) else { return nil }
    let length = header.reduce(0) { $0 << 8 | Int($1) }
    return receive(count: length).map { String(decoding: $0, as: UTF8.self) }
  }

  private func receive(count: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var offset = 0
    while offset < count {
      let got = bytes[offset...].withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return nil }
      offset += got
    }
    return bytes
  }
}
