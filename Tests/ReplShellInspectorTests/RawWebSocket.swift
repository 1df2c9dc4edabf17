import Foundation
import Glibc
import TestSupport

/// A WebSocket client written byte for byte, for frames a browser never sends: it upgrades on a
/// loopback socket, sends one frame, and reads the server's frames.
enum RawWebSocket {
  /// A text frame carrying `payload`, masked (as clients must) or not.
  static func textFrame(_ payload: [UInt8], masked: Bool) -> [UInt8] {
    var frame: [UInt8] = [0x81]
    let maskBit: UInt8 = masked ? 0x80 : 0
    if payload.count < 126 {
      frame.append(maskBit | UInt8(payload.count))
    } else {
      frame.append(maskBit | 126)
      frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    }
    guard masked else { return frame + payload }
    let key: [UInt8] = [0x12, 0x34, 0x56, 0x78]
    return frame + key + payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
  }

  /// Opens the inspector's socket, sends `frame`, and reads the server's frames until it closes:
  /// the close frame's code. With `expectingText`, returns nil as soon as a text frame holds it.
  static func closeCode(port: Int, token: String, after frame: [UInt8], expectingText: String? = nil) async throws -> Int? {
    try await offThePool {
      let (descriptor, upgraded) = try upgradedConnection(port: port, token: token)
      defer { close(descriptor) }
      var buffer = upgraded
      try send(frame, on: descriptor)
      while true {
        while let (opcode, payload, length) = parse(buffer) {
          buffer.removeFirst(length)
          if opcode == 0x8 { return payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : 1005 }
          if opcode == 0x1, let expectingText, String(decoding: payload, as: UTF8.self).contains(expectingText) { return nil }
        }
        let more = try receive(on: descriptor)
        if more.isEmpty { throw PipedChild.Failure(description: "the server closed the connection without a close frame") }
        buffer += more
      }
    }
  }

  /// Opens the inspector's socket and sends `frame` in batches of `batch`, reading nothing, until
  /// `stop` says so (asked between batches, at most `batches` times); goes on reading nothing until
  /// `stop` says so (the receive timeout's guard); then reads the server's frames until it closes:
  /// the close frame's code, or nil when the connection was reset (a server that closes its socket
  /// with requests it never read resets it, and the frames still on their way are lost).
  static func closeCodeAfterFlood(
    port: Int, token: String, frame: [UInt8], batch: Int, batches: Int, until stop: @escaping @Sendable () -> Bool
  ) async throws -> Int? {
    try await offThePool {
      let (descriptor, upgraded) = try upgradedConnection(port: port, token: token)
      defer { close(descriptor) }
      var buffer = upgraded
      let frames = Array([[UInt8]](repeating: frame, count: batch).joined())
      for _ in 0..<batches where !stop() { try send(frames, on: descriptor) }
      let guardEnd = ContinuousClock.now + .seconds(600)
      while !stop() && ContinuousClock.now < guardEnd { Thread.sleep(forTimeInterval: 0.02) }
      while true {
        while let (opcode, payload, length) = parse(buffer) {
          buffer.removeFirst(length)
          if opcode == 0x8 { return payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : 1005 }
        }
        var bytes = [UInt8](repeating: 0, count: 65_536)
        let got = bytes.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if got < 0 && errno == ECONNRESET { return nil }
        guard got > 0 else {
          throw PipedChild.Failure(description: got == 0 ? "the server closed the connection without a close frame" : "no reply within the receive timeout")
        }
        buffer += bytes[..<got]
      }
    }
  }

  /// A loopback connection to the inspector's socket, upgraded with `token`: its descriptor (the
  /// caller closes it) and the bytes that came after the upgrade's headers.
  private static func upgradedConnection(port: Int, token: String) throws -> (Int32, [UInt8]) {
    guard let descriptor = LoopbackClient.connect(port: port, receiveTimeout: 60) else {
      throw PipedChild.Failure(description: "cannot connect to 127.0.0.1:\(port)")
    }
    do {
      let host = "127.0.0.1:\(port)"
      let upgrade = (["GET /ws?token=\(token) HTTP/1.1", "Host: \(host)", "Origin: http://\(host)"] + RawHTTP.upgradeHeaders() + ["", ""]).joined(separator: "\r\n")
      try send(Array(upgrade.utf8), on: descriptor)
      var buffer: [UInt8] = []
      while !buffer.containsHeaderEnd { buffer += try receive(on: descriptor) }
      buffer.removeFirst(buffer.headerEnd)
      return (descriptor, buffer)
    } catch {
      close(descriptor)
      throw error
    }
  }

  /// The first whole frame in `bytes` (the server's, unmasked): its opcode, payload and length.
  private static func parse(_ bytes: [UInt8]) -> (opcode: UInt8, payload: [UInt8], length: Int)? {
    guard bytes.count >= 2 else { return nil }
    var length = Int(bytes[1] & 0x7F)
    var offset = 2
    if length == 126 {
      guard bytes.count >= 4 else { return nil }
      length = Int(bytes[2]) << 8 | Int(bytes[3])
      offset = 4
    } else if length == 127 {
      guard bytes.count >= 10 else { return nil }
      length = bytes[2..<10].reduce(0) { $0 << 8 | Int($1) }
      offset = 10
    }
    guard bytes.count >= offset + length else { return nil }
    return (bytes[0] & 0x0F, Array(bytes[offset..<offset + length]), offset + length)
  }

  private static func send(_ bytes: [UInt8], on descriptor: Int32) throws {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard sent > 0 else { throw PipedChild.Failure(description: "cannot send: \(String(cString: strerror(errno)))") }
      offset += sent
    }
  }

  private static func receive(on descriptor: Int32) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 65_536)
    let got = bytes.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    guard got >= 0 else { throw PipedChild.Failure(description: "no reply within the receive timeout: \(String(cString: strerror(errno)))") }
    return Array(bytes[..<got])
  }
}

extension [UInt8] {
  fileprivate var headerEnd: Int {
    (0..<(count - 3)).first { self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10 }.map { $0 + 4 } ?? 0
  }

  fileprivate var containsHeaderEnd: Bool { count >= 4 && headerEnd > 0 }
}
