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
      if Self.end(of: Self.refusedEvent, in: frame) != nil {
        throw BenchmarkFailure("the app refused this shell: \(String(decoding: frame, as: UTF8.self))")
      }
      if Self.end(of: Self.doneEvent, in: frame) != nil { return }
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

  // The frames are searched as bytes, never made into a `String`: a tailing shell reads tens of
  // thousands of frames on the app's two cores, and what it pays a frame should stay small and the
  // same at every revision measured (`String.contains` took 9% of a whole run's samples at
  // `cf913d6` and 29% at `a08cd65`, Benchmarks/Notes/compare-cf913d6.md).
  static let dispatchedEvent = Array(#""event": "dispatched""#.utf8)
  static let doneEvent = Array(#""event":"done""#.utf8)
  static let refusedEvent = Array(#""event":"refused""#.utf8)
  static let droppedNote = Array("tail dropped ".utf8)

  /// The index just past the first occurrence of `needle` in `bytes`, or nil.
  static func end(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard let first = needle.first, bytes.count >= needle.count else { return nil }
    return bytes.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { needle in
        var start = 0
        while start + needle.count <= haystack.count {
          guard let found = memchr(haystack.baseAddress! + start, Int32(first), haystack.count - needle.count + 1 - start) else { return nil }
          let at = haystack.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
          if memcmp(haystack.baseAddress! + at, needle.baseAddress!, needle.count) == 0 { return at + needle.count }
          start = at + 1
        }
        return nil
      }
    }
  }

  private func count(_ frame: [UInt8]) {
    lock.lock()
    defer { lock.unlock() }
    // An app writes its events as `--format json` prints them (`"event": "dispatched"`).
    // The refusal is looked for only in frames that are not a dispatch, so that a tailed frame
    // costs the same searches as at `cf913d6`, whose copy of this file has no refusal.
    if Self.end(of: Self.dispatchedEvent, in: frame) != nil {
      read.dispatched += 1
    } else if Self.end(of: Self.refusedEvent, in: frame) != nil {
      read.refusal = String(decoding: frame, as: UTF8.self)
    }
    if var index = Self.end(of: Self.droppedNote, in: frame) {
      var number = 0
      while index < frame.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(frame[index]) {
        number = number * 10 + Int(frame[index] - UInt8(ascii: "0"))
        index += 1
      }
      read.dropped += number
    }
  }

  /// One frame's body, or nil at the end of the connection.
  private func receive() -> [UInt8]? {
    guard let header = receive(count: 4) else { return nil }
    let length = header.reduce(0) { $0 << 8 | Int($1) }
    return receive(count: length)
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
