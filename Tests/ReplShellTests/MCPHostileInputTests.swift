import Foundation
import TestSupport
import Testing

/// `replshell --mcp` given whatever a client, a bug or a stray pipe may write: every line gets the
/// answer JSON-RPC 2.0 asks for (or none, for a notification), in turn, and the request after it
/// is always served. Each case is written right behind the one before, unread, as agents pipeline.
@Suite(.timeLimit(.minutes(10)))
struct MCPHostileInputTests {
  /// The reply a line must get: served with its own id, refused with a code and an id as JSON
  /// text, or none at all.
  enum Answer {
    case served
    case refused(code: Int, id: String)
    case none
  }

  @Test func everyIdJSONAllowsIsAnsweredOrRefusedAndTheNextRequestIsServed() async throws {
    let longID = "\"" + String(repeating: "x", count: 100_000) + "\""
    let cases: [(id: String, answer: Answer)] = [
      ("1.5", .refused(code: -32600, id: "1.5")),
      ("1.0", .refused(code: -32600, id: "1.0")),
      ("1e19", .refused(code: -32600, id: "1e19")),
      ("10000000000000000000", .refused(code: -32600, id: "10000000000000000000")),
      ("-9223372036854775809", .refused(code: -32600, id: "-9223372036854775809")),
      ("true", .refused(code: -32600, id: "null")),
      ("false", .refused(code: -32600, id: "null")),
      ("null", .refused(code: -32600, id: "null")),
      (#"{"a":1}"#, .refused(code: -32600, id: "null")),
      ("[1,2]", .refused(code: -32600, id: "null")),
      ("[]", .refused(code: -32600, id: "null")),
      (#""""#, .served),
      (#""1""#, .served),
      (#""h\u00e9llo \"quoted\"""#, .served),
      (longID, .served),
      ("-7", .served),
      ("0", .served),
      ("9223372036854775807", .served),
    ]
    let client = try await MCPProtocolTests.start(["counter"])
    var lines: [String] = []
    for (index, testCase) in cases.enumerated() {
      lines.append(#"{"jsonrpc":"2.0","id":\#(testCase.id),"method":"ping"}"#)
      lines.append(try MCPClientProcess.toolCallLine(100 + index, "dispatch", ["action": "didTapIncrementButton"]))
    }
    client.sendLine(lines.joined(separator: "\n"))
    for (index, testCase) in cases.enumerated() {
      try await Self.expect(testCase.answer, from: client, to: testCase.id)
      let next = MCPClientProcess.toolResult(try await client.response(id: 100 + index))
      #expect(next.text.contains("+   value: \(index + 1)"), "the request after id \(testCase.id.prefix(40)): \(next.text)")
    }
    #expect(try await client.finish() == 0)
    #expect(client.remainingOutput().isEmpty, "a reply came twice or unasked")
  }

  @Test func malformedLinesAreAnsweredWithIdNullOrTheIdTheyCarry() async throws {
    let cases: [(line: String, answer: Answer)] = [
      ("this is not json", .refused(code: -32700, id: "null")),
      (#"{"jsonrpc":"2.0","id":5,"#, .refused(code: -32700, id: "null")),
      (#"{"jsonrpc":"2.0","id":5,"method":"ping"} trailing"#, .refused(code: -32700, id: "null")),
      ("", .none),
      ("   \r", .none),
      ("5", .refused(code: -32600, id: "null")),
      (#""text""#, .refused(code: -32600, id: "null")),
      ("[]", .refused(code: -32600, id: "null")),
      (#"[{"jsonrpc":"2.0","id":3,"method":"ping"}]"#, .refused(code: -32600, id: "null")),
      (#"{"jsonrpc":"2.0","method":1,"params":"bar"}"#, .refused(code: -32600, id: "null")),
      (#"{"jsonrpc":"2.0","id":9,"method":5}"#, .refused(code: -32600, id: "9")),
      (#"{"jsonrpc":"1.0","id":"a","method":"ping"}"#, .refused(code: -32600, id: #""a""#)),
      (#"{"id":12}"#, .refused(code: -32600, id: "12")),
      (#"{"jsonrpc":"2.0","id":10,"method":"ping","result":{}}"#, .refused(code: -32600, id: "10")),
      (#"{"jsonrpc":"2.0","method":"notifications/nothing"}"#, .none),
      (#"{"jsonrpc":"2.0","id":11,"result":{}}"#, .none),
      (#"{"jsonrpc":"2.0","id":13,"method":"no/such/method"}"#, .refused(code: -32601, id: "13")),
    ]
    let client = try await MCPProtocolTests.start(["counter"])
    var lines: [String] = []
    for (index, testCase) in cases.enumerated() {
      lines.append(testCase.line)
      lines.append(try MCPClientProcess.requestLine(200 + index, "ping"))
    }
    client.sendLine(lines.joined(separator: "\n"))
    for (index, testCase) in cases.enumerated() {
      try await Self.expect(testCase.answer, from: client, to: testCase.line)
      #expect(try await client.response(id: 200 + index)["result"] != nil)
    }
    // Bytes that are not UTF-8 are not JSON either.
    try await client.sendRaw(Data([0xFF, 0xFE, UInt8(ascii: "\n")]))
    try await Self.expect(.refused(code: -32700, id: "null"), from: client, to: "bytes that are not UTF-8")
    let served = try await client.callTool(300, "dispatch", ["action": "didTapIncrementButton"])
    #expect(served.text.contains("+   value: 1"))
    #expect(try await client.finish() == 0)
    #expect(client.remainingOutput().isEmpty, "a reply came twice or unasked")
  }

  @Test func parametersTheServerCannotTakeAreTheClientsFaultAndBadUTF8InAStringIsAParseError() async throws {
    let client = try await MCPProtocolTests.start(["counter"])
    let cases: [(line: String, answer: Answer)] = [
      (#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"dispatch","arguments":[]}}"#, .refused(code: -32602, id: "1")),
      (#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":5}}"#, .refused(code: -32602, id: "2")),
      (#"{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":[]}}"#, .refused(code: -32602, id: "3")),
      (#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"dispatch","arguments":{"action":"didTapIncrementButton"}}}"#, .served),
    ]
    for (index, testCase) in cases.enumerated() {
      client.sendLine(testCase.line)
      try await Self.expect(testCase.answer, from: client, to: "\(index + 1)")
    }
    // A byte that is not UTF-8 inside a string: not JSON text, whatever the decoder lets through.
    try await client.sendRaw(Data(#"{"jsonrpc":"2.0","id":6,"method":"ping","params":{"x":""#.utf8) + Data([0xFF]) + Data(#""}}"#.utf8) + Data([0x0A]))
    try await Self.expect(.refused(code: -32700, id: "null"), from: client, to: "a byte that is not UTF-8 in a string")
    client.sendLine(try MCPClientProcess.requestLine(7, "ping"))
    #expect(try await client.response(id: 7)["result"] != nil)
    #expect(try await client.finish() == 0)
    #expect(client.remainingOutput().isEmpty, "a reply came twice or unasked")
  }

  @Test(arguments: [
    #"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"# + "\n",
    #"{"jsonrpc":"2.0","id":true,"method":"ping"}"# + "\n",
    #"{"jsonrpc":"2.0","id":10000000000000000000,"method":"ping"}"# + "\n",
    #"{"jsonrpc":"2.0","id":7,"method":"ping"}"#,
    #"{"jsonrpc":"2.0","id":7,"#,
  ])
  func closingStandardInputEndsTheServerWhateverCameLast(last: String) async throws {
    let client = try await MCPProtocolTests.start(["counter"])
    try await client.sendRaw(Data(last.utf8))
    // `finish` closes standard input and fails only if the process outlives a generous deadline.
    #expect(try await client.finish() == 0)
    let replies = client.remainingOutput().split(separator: "\n")
    #expect(replies.count == 1, "the last line is answered before the server ends: \(replies)")
  }

  @Test func aLineOverTheLimitIsRefusedUnreadAndTheNextRequestIsServed() async throws {
    let client = try await MCPProtocolTests.start(["--mcp-max-line", "64KiB", "counter"])
    let limit = 64 * 1024
    client.sendLine(Self.paddedPing(id: 2, byteCount: limit))
    #expect(try await client.response(id: 2)["result"] != nil, "a line of exactly the limit is served")
    client.sendLine(Self.paddedPing(id: 3, byteCount: limit + 1))
    let refused = try await client.nextRawMessage()
    #expect(refused.text.hasPrefix(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"#), "\(refused.text)")
    let message = (refused.message["error"] as? [String: Any])?["message"] as? String ?? ""
    #expect(message.contains("the line is \(limit + 1) bytes, over the limit of \(limit) bytes"), "\(message)")
    #expect(message.contains("--mcp-max-line"), "\(message)")
    let served = try await client.callTool(4, "dispatch", ["action": "didTapIncrementButton"])
    #expect(served.text.contains("+   value: 1"))
    #expect(try await client.finish() == 0)
  }

  @Test func theDefaultLimitIsFourMiB() async throws {
    let client = try await MCPProtocolTests.start(["counter"])
    let limit = 4 << 20
    try await client.sendRaw(Data((Self.paddedPing(id: 2, byteCount: limit + 1) + "\n").utf8))
    let refused = try await client.nextRawMessage()
    #expect(refused.text.contains("over the limit of \(limit) bytes"), "\(refused.text)")
    try await client.sendRaw(Data((Self.paddedPing(id: 3, byteCount: limit) + "\n").utf8))
    #expect(try await client.response(id: 3)["result"] != nil, "a line of exactly the limit is served")
    #expect(try await client.finish() == 0)
  }

  /// A `ping` request of exactly `byteCount` bytes, padded with spaces inside the object.
  static func paddedPing(id: Int, byteCount: Int) -> String {
    let head = #"{"jsonrpc":"2.0","id":\#(id),"method":"ping""#
    return head + String(repeating: " ", count: byteCount - head.utf8.count - 1) + "}"
  }

  /// Reads the next message and checks it is `answer` to the line `sent` (named in failures).
  private static func expect(_ answer: Answer, from client: MCPClientProcess, to sent: String) async throws {
    let shown = sent.prefix(60)
    switch answer {
    case .none:
      return
    case .served:
      let reply = try await client.nextRawMessage()
      let sentID = try JSONSerialization.jsonObject(with: Data(sent.utf8), options: .fragmentsAllowed) as? NSObject
      #expect(reply.message["result"] != nil, "id \(shown): \(reply.text.prefix(300))")
      #expect((reply.message["id"] as? NSObject) == sentID, "id \(shown): \(reply.text.prefix(300))")
    case .refused(let code, let id):
      let reply = try await client.nextRawMessage()
      #expect(reply.text.contains(#""id":\#(id)"#), "\(shown): \(reply.text.prefix(300))")
      #expect((reply.message["error"] as? [String: Any])?["code"] as? Int == code, "\(shown): \(reply.text.prefix(300))")
    }
  }
}
