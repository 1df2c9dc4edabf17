import Foundation
import MCP
@testable import ReplShell
import Testing

/// How `MessageKind` sorts a line: what is handed to the SDK's server, what passes, and what the
/// transport refuses itself, with which code and id.
@Suite struct MCPMessageKindTests {
  private func kind(_ line: String) -> MessageKind { MessageKind(Data(line.utf8)) }

  private func refusal(_ line: String) -> (code: Int, id: String)? {
    guard case .refused(let refusal) = kind(line) else { return nil }
    return (refusal.code, String(decoding: refusal.idText, as: UTF8.self))
  }

  @Test func requestsWithStringOrIntegerIdsAreHandedOverWithTheSDKsId() {
    #expect(kind(#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#) == .request(id: .number(7)))
    #expect(kind(#"{"jsonrpc":"2.0","id":"7","method":"ping"}"#) == .request(id: .string("7")))
    #expect(kind(#"{"jsonrpc":"2.0","id":"","method":"ping"}"#) == .request(id: .string("")))
    #expect(kind(#"{"method":"ping","id":"\u00e9","jsonrpc":"2.0","params":{"id":1.5}}"#) == .request(id: .string("é")))
    #expect(kind(#"{"jsonrpc":"2.0","id":-9223372036854775808,"method":"ping"}"#) == .request(id: .number(Int.min)))
  }

  @Test func notificationsCancellationsAndResponsesPass() {
    #expect(kind(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == .other)
    #expect(kind(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":4}}"#) == .cancellation(of: .number(4)))
    #expect(kind(#"{"jsonrpc":"2.0","id":4,"result":{}}"#) == .other)
    #expect(kind("") == .blank)
    #expect(kind(" \r") == .blank)
  }

  @Test func idsMCPDoesNotAllowAreRefusedWithTheirOwnTextOrNull() {
    for number in ["1.5", "1.0", "1e19", "1E2", "10000000000000000000", "-9223372036854775809", "-0.0"] {
      let refused = refusal(#"{"jsonrpc":"2.0","id":\#(number),"method":"ping"}"#)
      #expect(refused?.code == -32600 && refused?.id == number, "\(number): \(String(describing: refused))")
    }
    for notAnID in ["null", "true", "false", #"{"a":[1]}"#, "[1,2]", "[]"] {
      let refused = refusal(#"{"jsonrpc":"2.0","id":\#(notAnID),"method":"ping"}"#)
      #expect(refused?.code == -32600 && refused?.id == "null", "\(notAnID): \(String(describing: refused))")
    }
  }

  @Test func whatIsNotAMessageIsRefused() {
    #expect(refusal("not json")?.code == -32700)
    #expect(refusal("not json")?.id == "null")
    #expect(refusal(#"{"a":"#)?.code == -32700)
    #expect(refusal("[]")?.code == -32600)
    #expect(refusal("12")?.code == -32600)
    #expect(refusal(#"{"jsonrpc":"2.0","method":1}"#)?.id == "null")
    #expect(refusal(#"{"jsonrpc":"2.0","id":"x","method":1}"#)?.id == #""x""#)
    #expect(refusal(#"{"jsonrpc":"2.0","id":3,"method":"ping","error":{"code":1,"message":"m"}}"#)?.id == "3")
  }

  @Test func theRefusalIsOneJSONRPCErrorResponse() throws {
    let reply = ProtocolRefusal.overLimit(byteCount: 10, limit: 5).reply
    let object = try #require(try JSONSerialization.jsonObject(with: reply) as? [String: Any])
    #expect(object["jsonrpc"] as? String == "2.0")
    #expect(object["id"] is NSNull)
    #expect((object["error"] as? [String: Any])?["code"] as? Int == -32600)
    #expect(String(decoding: reply, as: UTF8.self).contains("the line is 10 bytes, over the limit of 5 bytes"))
  }

  @Test func theServersRepliesAreKnownByTheirId() {
    #expect(MessageKind.responseID(of: Data(#"{"jsonrpc":"2.0","id":"a","result":{}}"#.utf8)) == .string("a"))
    #expect(MessageKind.responseID(of: Data(#"{"id":3,"jsonrpc":"2.0","error":{"code":1,"message":"m"}}"#.utf8)) == .number(3))
    #expect(MessageKind.responseID(of: Data(#"{"jsonrpc":"2.0","id":null,"result":{}}"#.utf8)) == nil)
    #expect(MessageKind.responseID(of: Data(#"{"jsonrpc":"2.0","method":"x","id":3}"#.utf8)) == nil)
  }
}
