import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket client to the inspector, as small as a test needs: opens `/ws` with the token,
/// sends one request and reads until the reply of its kind arrives. (The browser tests of
/// `ReplShellInspectorTests` drive the real page; this drives the terminal's side.)
enum InspectorSocket {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Sends `request` (a JSON object) and returns what the server sent until a message
  /// containing `until` arrived, on a thread of its own (the socket blocks).
  static func exchange(port: Int, token: String, request: String, until marker: String) async throws -> String {
    try await offThePool { try blockingExchange(port: port, token: token, request: request, until: marker) }
  }

  private static func blockingExchange(port: Int, token: String, request: String, until marker: String) throws -> String {
    guard let descriptor = LoopbackClient.connect(port: port, receiveTimeout: 30) else {
      throw Failure(description: "cannot connect to the inspector on port \(port)")
    }
    defer { close(descriptor) }
    let handshake = "GET /ws?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    try write(Array(handshake.utf8), to: descriptor)
    // A client's frame: FIN and text, the mask bit and a 7- or 16-bit length, the mask, the masked bytes.
    let payload = Array(request.utf8)
    let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
    var frame: [UInt8] = [0x81]
    if payload.count < 126 {
      frame.append(0x80 | UInt8(payload.count))
    } else {
      frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    }
    frame += mask + payload.enumerated().map { $1 ^ mask[$0 % 4] }
    try write(frame, to: descriptor)
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !String(decoding: received, as: UTF8.self).contains(marker) {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      guard count > 0 else { throw Failure(description: "the inspector closed or went quiet before `\(marker)`; it sent: \(String(decoding: received, as: UTF8.self).suffix(500))") }
      received.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: received, as: UTF8.self)
  }

  private static func write(_ bytes: [UInt8], to descriptor: Int32) throws {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { throw Failure(description: "cannot write to the inspector") }
      sent += count
    }
  }
}
