import Foundation

/// One message as a frame on the attach socket: a 4-byte big-endian length, then the JSON
/// encoding of the message.
package enum AttachFrame {
  /// Why a frame could not be read.
  package enum Failure: Error, Equatable {
    /// The peer closed the connection, or it broke.
    case closed
    /// A frame announced more bytes than the reader accepts.
    case oversized(Int)
    /// A frame's body is not the JSON of a message this side knows.
    case malformed(String)
  }

  /// The bytes of the frame carrying `message`, its members in sorted order (the same message
  /// is always the same bytes).
  package static func bytes(of message: any Encodable) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let body = try encoder.encode(message)
    var frame = withUnsafeBytes(of: UInt32(body.count).bigEndian) { Array($0) }
    frame.reserveCapacity(4 + body.count)
    frame += body
    return frame
  }

  /// The bytes of the frame carrying an app's `message`. A session event, which most frames
  /// carry, is written by `SessionEventJSON` (the members of its `Codable` form, as
  /// `--format json` prints them) rather than through `JSONEncoder`: a line's round trip and the
  /// tail of a busy app stay as cheap as before the protocol was typed.
  package static func bytes(of message: AppMessage) throws -> [UInt8] {
    guard case .event(let event) = message else { return try bytes(of: message as any Encodable) }
    let body = Array(SessionEventJSON.line(for: event).utf8)
    var frame = withUnsafeBytes(of: UInt32(body.count).bigEndian) { Array($0) }
    frame.reserveCapacity(4 + body.count)
    frame += body
    return frame
  }

  /// The body length a frame's 4-byte header announces; `.oversized` past `limit`.
  package static func length(ofHeader header: [UInt8], limit: Int) throws(Failure) -> Int {
    let length = header.reduce(0) { $0 << 8 | Int($1) }
    guard length <= limit else { throw .oversized(length) }
    return length
  }

  /// The message a frame's body encodes; `.malformed` with the decoder's reason otherwise.
  package static func message<Message: Decodable>(_ type: Message.Type, from body: [UInt8]) throws(Failure) -> Message {
    do {
      return try JSONDecoder().decode(Message.self, from: Data(body))
    } catch {
      throw .malformed(String(describing: error))
    }
  }
}

extension AttachFrame.Failure {
  /// What the peer sent, for a log line: `an oversized frame (3000000 bytes)`.
  package var summary: String {
    switch self {
    case .closed: "nothing more (it closed the connection)"
    case .oversized(let length): "an oversized frame (\(length) bytes)"
    case .malformed(let reason): "a frame that is not a message of attach protocol \(AttachProtocol.version) (\(reason))"
    }
  }
}
