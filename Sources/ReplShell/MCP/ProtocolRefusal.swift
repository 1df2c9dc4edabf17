import Foundation
import StateValues

/// A message the server answers itself with a JSON-RPC error instead of handing it to the SDK's
/// server, which would answer it with a made-up id or not at all: a line that is not JSON, one
/// over the line limit, a batch, or a request whose id MCP does not allow.
///
/// The reply carries the request's id when JSON-RPC allows the id (a string or a number) and
/// `null` otherwise, as JSON-RPC 2.0 says for an id that could not be detected.
struct ProtocolRefusal: Equatable, Sendable {
  /// JSON-RPC's "Parse error": the line is not JSON.
  static let parseErrorCode = -32700
  /// JSON-RPC's "Invalid Request": JSON, but not a message this server can take.
  static let invalidRequestCode = -32600
  /// JSON-RPC's "Invalid params": a request of a method served, whose parameters it cannot take.
  static let invalidParamsCode = -32602
  /// A server error of JSON-RPC's range for implementations: too many requests wait.
  static let busyCode = -32000
  /// JSON-RPC's "Internal error": a reply the server could not write.
  static let internalErrorCode = -32603

  let code: Int
  let message: String
  /// The id to answer with, exactly as the request wrote it; `null` when there is none to echo.
  let idText: Data

  init(code: Int, message: String, idText: Data = Data("null".utf8)) {
    self.code = code
    self.message = message
    self.idText = idText
  }

  /// A line that is not JSON.
  static let notJSON = ProtocolRefusal(code: parseErrorCode, message: "Parse error: the line is not JSON (one JSON-RPC message a line)")

  /// A line whose bytes are not UTF-8, which JSON text must be (even inside a string).
  static let notUTF8 = ProtocolRefusal(code: parseErrorCode, message: "Parse error: the line is not UTF-8, which JSON text is (one JSON-RPC message a line)")

  /// A line longer than the limit, which was dropped unread.
  static func overLimit(byteCount: Int, limit: Int) -> ProtocolRefusal {
    ProtocolRefusal(
      code: invalidRequestCode,
      message: "Invalid Request: the line is \(byteCount) bytes, over the limit of \(limit) bytes a message; "
        + "it was dropped unread (start the server with --mcp-max-line to raise the limit)")
  }

  /// The reply, one JSON-RPC response without its newline.
  var reply: Data {
    var reply = Data(#"{"jsonrpc":"2.0","id":"#.utf8)
    reply.append(idText)
    reply.append(Data(#","error":{"code":\#(code),"message":"#.utf8))
    reply.append(Data(JSONForm.quoted(message).utf8))
    reply.append(Data("}}".utf8))
    return reply
  }
}
