import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// HTTP/1.1 written byte for byte on a loopback socket: requests with whatever `Host`, `Origin`
/// and upgrade headers a test needs (URLSession sets `Host` itself), and the WebDriver client's
/// requests (chromedriver writes `Content-Length:249`, without the space FoundationNetworking needs).
enum RawHTTP {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// A reply: its status line, its header lines as sent, and its body.
  struct Reply: Sendable {
    let statusLine: String
    let headers: [String]
    let body: Data
  }

  /// The status line of a GET of `target` sent as `host`, with `headers`.
  static func statusLine(port: Int, target: String, host: String, headers: [String] = []) async throws -> String {
    try await exchange(port: port, method: "GET", target: target, host: host, headers: headers, readsToEnd: false).statusLine
  }

  /// Sends one request and reads the reply (to the connection's end, or only its first bytes),
  /// on a thread of its own: the socket blocks.
  static func exchange(
    port: Int, method: String, target: String, host: String, headers: [String] = [], body: Data? = nil, readsToEnd: Bool = true
  ) async throws -> Reply {
    try await offThePool {
      try blockingExchange(port: port, method: method, target: target, host: host, headers: headers, body: body, readsToEnd: readsToEnd)
    }
  }

  private static func blockingExchange(
    port: Int, method: String, target: String, host: String, headers: [String], body: Data?, readsToEnd: Bool
  ) throws -> Reply {
    guard let descriptor = LoopbackClient.connect(port: port, receiveTimeout: 60) else {
      throw Failure(description: "cannot connect to 127.0.0.1:\(port)")
    }
    defer { close(descriptor) }
    let closing = headers.contains { $0.lowercased().hasPrefix("connection:") } ? [] : ["Connection: close"]
    let length = body.map { ["Content-Type: application/json", "Content-Length: \($0.count)"] } ?? []
    var request = Data((["\(method) \(target) HTTP/1.1", "Host: \(host)"] + headers + closing + length + ["", ""]).joined(separator: "\r\n").utf8)
    if let body { request.append(body) }
    try request.withUnsafeBytes { bytes in
      var sent = 0
      while sent < bytes.count {
        let count = send(descriptor, bytes.baseAddress! + sent, bytes.count - sent, 0)
        guard count > 0 else { throw Failure(description: "cannot send to 127.0.0.1:\(port)") }
        sent += count
      }
    }
    var reply = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count <= 0 { break }
      reply.append(contentsOf: buffer[0..<count])
      if !readsToEnd, reply.contains(10) { break }
      if let expected = Self.expectedLength(of: reply), reply.count >= expected { break }
    }
    guard !reply.isEmpty else { throw Failure(description: "no reply to \(method) \(target)") }
    let text = String(decoding: reply, as: UTF8.self)
    let statusLine = String(text.prefix { !$0.isNewline })
    let separator = Data("\r\n\r\n".utf8)
    let headEnd = reply.range(of: separator)
    let bodyStart = headEnd.map { $0.upperBound } ?? reply.endIndex
    let head = String(decoding: reply[..<(headEnd?.lowerBound ?? reply.endIndex)], as: UTF8.self)
    let headers = head.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
    return Reply(statusLine: statusLine, headers: Array(headers), body: reply[bodyStart...])
  }

  /// The length of the whole reply, once its headers are in and name its `Content-Length`.
  private static func expectedLength(of reply: Data) -> Int? {
    guard let end = reply.range(of: Data("\r\n\r\n".utf8)) else { return nil }
    let headers = String(decoding: reply[..<end.lowerBound], as: UTF8.self).lowercased()
    guard let line = headers.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
      let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
    else { return nil }
    return end.upperBound - reply.startIndex + length
  }

  /// The headers of a WebSocket upgrade, plus `extra`.
  static func upgradeHeaders(_ extra: [String] = []) -> [String] {
    ["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="] + extra
  }
}
