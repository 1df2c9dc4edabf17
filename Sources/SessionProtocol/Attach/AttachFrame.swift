import Foundation

/// One message as a frame on the attach socket: a 4-byte big-endian length, then the JSON
/// encoding of the message.
public enum AttachFrame {
  /// Why a frame could not be read.
  public enum Failure: Error, Equatable {
    /// The peer closed the connection, or it broke.
    case closed
    /// A frame announced more bytes than the reader accepts.
    case oversized(Int)
    /// A frame's body is not the JSON of a message this side knows.
    case malformed(String)
  }

  /// The bytes of the frame carrying `message`, its members in sorted order (the same message
  /// is always the same bytes).
  public static func bytes(of message: any Encodable) throws -> [UInt8] {
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
  public static func bytes(of message: AppMessage) throws -> [UInt8] {
    guard case .event(let event) = message else { return try bytes(of: message as any Encodable) }
    let body = Array(SessionEventJSON.line(for: event).utf8)
    var frame = withUnsafeBytes(of: UInt32(body.count).bigEndian) { Array($0) }
    frame.reserveCapacity(4 + body.count)
    frame += body
    return frame
  }

  /// The body length a frame's 4-byte header announces; `.oversized` past `limit`.
  public static func length(ofHeader header: [UInt8], limit: Int) throws(Failure) -> Int {
    let length = header.reduce(0) { $0 << 8 | Int($1) }
    guard length <= limit else { throw .oversized(length) }
    return length
  }

  /// The message a frame's body encodes; `.malformed` with what is wrong with it otherwise.
  public static func message<Message: Decodable>(_ type: Message.Type, from body: [UInt8]) throws(Failure) -> Message {
    do {
      return try JSONDecoder().decode(Message.self, from: Data(body))
    } catch {
      throw .malformed(fault(in: body, decoding: error))
    }
  }

  /// The deepest nesting a frame's JSON may have, as Foundation's decoder allows it.
  public static let maximumDepth = 512

  /// What is wrong with a frame's `body`, which could not be decoded (`error`), as a phrase:
  /// `it is empty (length 0)`, `it is not UTF-8 text (…)`, `it is not JSON (…)`, `it nests …`,
  /// or `it is JSON, but of no message …` for JSON of an unknown kind or shape.
  static func fault(in body: [UInt8], decoding error: any Error) -> String {
    if body.isEmpty { return "it is empty (length 0)" }
    if String(validating: body, as: UTF8.self) == nil {
      let valid = body.indices.last { String(validating: body[..<$0], as: UTF8.self) != nil } ?? 0
      return "it is not UTF-8 text (an invalid byte at offset \(valid))"
    }
    let depth = nesting(of: body)
    if depth > maximumDepth { return "it nests arrays and objects \(depth) deep, past the \(maximumDepth) levels a frame may have" }
    if let decoding = error as? DecodingError, case .dataCorrupted(let context) = decoding, context.codingPath.isEmpty {
      let reason = (context.underlyingError.map { String(describing: $0) } ?? context.debugDescription)
      return "it is not JSON (\(reason.prefix(200)))"
    }
    return "it is JSON, but of no message attach protocol \(AttachProtocol.version) has (\(summary(of: error)))"
  }

  /// The deepest nesting of arrays and objects in JSON `bytes`, strings skipped.
  private static func nesting(of bytes: [UInt8]) -> Int {
    var depth = 0
    var deepest = 0
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = max(deepest, depth)
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    return deepest
  }

  /// A decoding error in a line: where in the message, and what.
  private static func summary(of error: any Error) -> String {
    guard let decoding = error as? DecodingError else { return String(describing: error).prefix(200).description }
    let (path, text): ([any CodingKey], String) =
      switch decoding {
      case .keyNotFound(let key, let context): (context.codingPath, "no `\(key.stringValue)`")
      case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): (context.codingPath, context.debugDescription)
      @unknown default: ([], String(describing: decoding))
      }
    let place = path.isEmpty ? "" : " at `" + path.map(\.stringValue).joined(separator: ".") + "`"
    return (text + place).prefix(200).description
  }
}

extension AttachFrame.Failure {
  /// What the peer sent, for a log line: `an oversized frame (3000000 bytes)`.
  public var summary: String {
    switch self {
    case .closed: "nothing more (it closed the connection)"
    case .oversized(let length): "an oversized frame (\(length) bytes)"
    case .malformed(let fault): "a frame that is not a message of attach protocol \(AttachProtocol.version): \(fault)"
    }
  }

  /// What a shell says when its connection to `app` ended this way without a goodbye: the app
  /// gone, or what it sent that is not a frame of this protocol, named as what it is.
  public func shellMessage(app: String) -> String {
    switch self {
    case .closed:
      "lost the connection to \(app): the app exited or was killed"
    case .oversized(let length):
      "\(app) sent an oversized frame (\(length) bytes, past the \(AttachProtocol.maximumReplyLength) a shell accepts in one), so this shell closed the connection: "
        + "a bug in the app's ReplShellAttachment, or the socket is not an app's"
    case .malformed:
      "\(app) sent \(summary), so this shell closed the connection: a bug in the app's ReplShellAttachment, or the socket is not an app's"
    }
  }
}
