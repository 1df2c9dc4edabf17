import Foundation
import SessionProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Frames (`AttachFrame`) over a pair of plain descriptors, read and written blocking: the
/// standard streams of `SHELL against-serve`, and the pipes the asking shell holds to it.
struct FramePipe: Sendable {
  /// Where frames are read from.
  let input: Int32
  /// Where frames are written to.
  let output: Int32

  /// Writes `bytes` whole; false when the other end is gone.
  func write(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Foundation.write(output, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }

  /// Reads one message of at most `limit` bytes; `.closed` at the end of the stream.
  func receive<Message: Decodable>(_ type: Message.Type, limit: Int) throws(AttachFrame.Failure) -> Message {
    let length = try AttachFrame.length(ofHeader: try read(count: 4), limit: limit)
    return try AttachFrame.message(type, from: try read(count: length))
  }

  /// Exactly `count` bytes; `.closed` when the stream ends before them.
  private func read(count: Int) throws(AttachFrame.Failure) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var offset = 0
    while offset < count {
      let got = bytes[offset...].withUnsafeMutableBytes { Foundation.read(input, $0.baseAddress, $0.count) }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { throw .closed }
      offset += got
    }
    return bytes
  }
}
