import Foundation
import TestSupport
import Testing

/// `replshell --mcp` with requests pipelined, as agents send them: many requests written before
/// any reply is read. Calls run in the order they arrive, each reply comes once, in turn, with
/// its request's id, and nothing is left over when the input closes.
@Suite(.timeLimit(.minutes(10)))
struct MCPPipelineTests {
  @Test func aHistorySentRightBehindADispatchSeesIt() async throws {
    let client = try await MCPProtocolTests.start(["counter"])
    let rounds = 20
    var lines: [String] = []
    for round in 1...rounds {
      lines.append(try MCPClientProcess.toolCallLine(2 * round, "dispatch", ["action": "didTapIncrementButton"]))
      lines.append(try MCPClientProcess.toolCallLine(2 * round + 1, "history"))
    }
    client.sendLine(lines.joined(separator: "\n"))
    for round in 1...rounds {
      let dispatched = MCPClientProcess.toolResult(try await client.response(id: 2 * round))
      #expect(!dispatched.isError && dispatched.text.contains("+   value: \(round)\n"), "round \(round): \(dispatched.text)")
      let history = MCPClientProcess.toolResult(try await client.response(id: 2 * round + 1))
      let entries = history.text.split(separator: "\n")
      #expect(entries.count == round, "round \(round): the history after \(round) dispatches:\n\(history.text)")
      #expect(entries.last == "\(round)  didTapIncrementButton")
    }
    #expect(try await client.finish() == 0)
    #expect(client.remainingOutput().isEmpty, "a reply came twice or unasked")
  }

  /// The calls are served as the client sent them: a `_meta` of the client's own (a progress
  /// token, a member named as the transport's stamps once were) changes neither their order nor
  /// their answers.
  @Test func callsThatCarryAMetaOfTheirOwnRunInTurn() async throws {
    let client = try await MCPProtocolTests.start(["counter"])
    let rounds = 10
    var lines: [String] = []
    for round in 1...rounds {
      let meta = #""_meta":{"progressToken":"p\#(round)","replshell/place":0}"#
      lines.append(#"{"jsonrpc":"2.0","id":\#(2 * round),"method":"tools/call","params":{"name":"dispatch","arguments":{"action":"didTapIncrementButton"},\#(meta)}}"#)
      lines.append(#"{"jsonrpc":"2.0","id":\#(2 * round + 1),"method":"resources/read","params":{"uri":"history://",\#(meta)}}"#)
    }
    client.sendLine(lines.joined(separator: "\n"))
    for round in 1...rounds {
      let dispatched = MCPClientProcess.toolResult(try await client.response(id: 2 * round))
      #expect(!dispatched.isError && dispatched.text.contains("+   value: \(round)\n"), "round \(round): \(dispatched.text)")
      let entries = Self.resourceText(try await client.response(id: 2 * round + 1)).split(separator: "\n")
      #expect(entries.count == round && entries.last == "\(round)  didTapIncrementButton", "round \(round): \(entries)")
    }
    #expect(try await client.finish() == 0)
    #expect(client.remainingOutput().isEmpty, "a reply came twice or unasked")
  }

  /// A client that sends without waiting is not kept without end: while a long call holds the
  /// session, at most 256 requests wait; each one past that is answered at once, out of turn,
  /// with a busy error under its own id (the server reads on, so a cancellation still comes
  /// through). Once the long call is cancelled, every request that waited is served in turn.
  @Test func requestsPastTheWaitingLimitAreToldTheServerIsBusy() async throws {
    let client = try await MCPProtocolTests.start(["counter"])
    var lines = [try MCPClientProcess.toolCallLine(2, "explore", ["runs": 1_000_000_000, "steps": 50])]
    let waiting = 255, extra = 20
    for offset in 0..<(waiting + extra) {
      lines.append(try MCPClientProcess.toolCallLine(100 + offset, "dispatch", ["action": "didTapIncrementButton"]))
    }
    client.sendLine(lines.joined(separator: "\n"))
    for offset in waiting..<(waiting + extra) {
      let busy = try await client.response(id: 100 + offset)
      let error = try #require(busy["error"] as? [String: Any], "\(busy)")
      #expect(error["code"] as? Int == -32000 && (error["message"] as? String ?? "").hasPrefix("Server busy: 256 requests"), "\(busy)")
    }
    client.sendLine(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}"#)
    var offset = 0
    while offset < waiting {
      // The cancelled call's late reply, if it comes, goes out of turn under its own id.
      let message = try await client.nextMessage()
      if message["id"] as? Int == 2 { continue }
      #expect(message["id"] as? Int == 100 + offset, "\(message)")
      let dispatched = MCPClientProcess.toolResult(message)
      #expect(!dispatched.isError && dispatched.text.contains("+   value: \(offset + 1)\n"), "\(offset): \(dispatched.text)")
      offset += 1
    }
    #expect(try await client.finish() == 0)
  }

  @Test func mixedRequestsAreEachAnsweredOnceInTurn() async throws {
    let client = try await MCPProtocolTests.start(["counter"])
    let requests: [(id: Int, line: String)] = try [
      (10, MCPClientProcess.toolCallLine(10, "dispatch", ["action": "didTapIncrementButton"])),
      (11, MCPClientProcess.requestLine(11, "resources/read", ["uri": "state://current"])),
      (12, MCPClientProcess.toolCallLine(12, "dispatch", ["action": "noSuchAction"])),
      (13, MCPClientProcess.toolCallLine(13, "undo")),
      (14, MCPClientProcess.requestLine(14, "no/such/method")),
      (15, MCPClientProcess.toolCallLine(15, "expect", ["assertion": "selectValue == 0"])),
      (16, MCPClientProcess.toolCallLine(16, "redo")),
      (17, MCPClientProcess.requestLine(17, "tools/list")),
      (18, MCPClientProcess.toolCallLine(18, "select", ["selector": "selectValue"])),
      (19, MCPClientProcess.toolCallLine(19, "dispatch", [:])),
      (20, MCPClientProcess.requestLine(20, "resources/read", ["uri": "history://"])),
    ]
    client.sendLine(requests.map(\.line).joined(separator: "\n"))
    var replies: [Int: [String: Any]] = [:]
    for (id, _) in requests {
      replies[id] = try await client.response(id: id)
    }
    #expect(try await client.finish() == 0)
    #expect(client.remainingOutput().isEmpty, "a reply came twice or unasked")

    #expect(MCPClientProcess.toolResult(try #require(replies[10])).text.contains("+   value: 1"))
    #expect(Self.resourceText(replies[11]) == #"{"value":1}"#)
    let unknown = MCPClientProcess.toolResult(try #require(replies[12]))
    #expect(unknown.isError && unknown.text.hasPrefix("error: column 10: "), "\(unknown.text)")
    #expect(MCPClientProcess.toolResult(try #require(replies[13])).text.hasPrefix("undid 1: didTapIncrementButton"))
    #expect(Self.errorCode(replies[14]) == -32601)
    let held = MCPClientProcess.toolResult(try #require(replies[15]))
    #expect(held.text == "ok" && !held.isError)
    #expect(MCPClientProcess.toolResult(try #require(replies[16])).text.hasPrefix("redid 1: didTapIncrementButton"))
    #expect(((replies[17]?["result"] as? [String: Any])?["tools"] as? [Any])?.count == 32)
    let selected = MCPClientProcess.toolResult(try #require(replies[18]))
    #expect(selected.text == "1" && !selected.isError)
    #expect(Self.errorCode(replies[19]) == -32602)
    #expect(Self.resourceText(replies[20]) == "1  didTapIncrementButton")
  }

  private static func errorCode(_ reply: [String: Any]?) -> Int? {
    (reply?["error"] as? [String: Any])?["code"] as? Int
  }

  private static func resourceText(_ reply: [String: Any]?) -> String {
    (((reply?["result"] as? [String: Any])?["contents"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
  }
}
