import Foundation
import Scenarios
import Testing

/// The attach protocol's inspector requests against a real running app (`AttachedCounter`), frame
/// by frame: a shell's connection asks for a key, a second connection follows it with the key
/// and asks for pages of the state tree, searches and the history. Paths the state lacks, absurd
/// paths and limits are answered with an error or clamped; a request of no known shape or an
/// oversized frame closes that connection only; the app goes on answering.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct AttachInspectionProtocolTests {
  /// Connects, and reads the greeting and the `done` of the session the app opens.
  private func connect(_ pair: AttachedPair) throws -> AttachSocket {
    let socket = try AttachSocket.connect(to: pair.socketPath)
    for expected in ["hello", "done"] {
      #expect(socket.isReadable(within: 10_000))
      #expect(try socket.receiveObject()["event"] as? String == expected)
    }
    return socket
  }

  /// Sends an inspector request and reads the reply.
  private func ask(_ socket: AttachSocket, _ request: [String: Any]) throws -> [String: Any] {
    #expect(socket.send(AttachSocket.json(["inspect": request])))
    #expect(socket.isReadable(within: 10_000))
    return try socket.receiveObject()
  }

  @Test func treeRequestsAreAnsweredOrRefusedWithAReason() async throws {
    try await AttachedPair.with { pair in
      let shell = try connect(pair)
      defer { shell.close() }
      let link = try ask(shell, ["op": "link", "id": 7])
      #expect(link["event"] as? String == "inspection-link" && link["id"] as? Int == 7)
      let key = try #require(link["key"] as? String)
      #expect(key.count == 32)

      let inspector = try connect(pair)
      defer { inspector.close() }
      // Nothing is answered before the connection follows a shell, nor for a key no shell has.
      let early = try ask(inspector, ["op": "children", "id": 1, "path": [String]()])
      #expect(early["event"] as? String == "failed" && (early["message"] as? String ?? "").contains("follows no shell"))
      let wrong = try ask(inspector, ["op": "follow", "id": 2, "key": String(repeating: "0", count: 32)])
      #expect(wrong["event"] as? String == "failed" && (wrong["message"] as? String ?? "").contains("type `inspect`"))
      #expect(try ask(inspector, ["op": "follow", "id": 3, "key": key])["event"] as? String == "following")

      let root = try ask(inspector, ["op": "children", "id": 4, "path": [String](), "limit": 1_000_000_000])
      #expect(root["event"] as? String == "children" && root["id"] as? Int == 4 && root["total"] as? Int == 1)
      let nodes = root["nodes"] as? [[String: Any]] ?? []
      #expect(nodes.map { $0["name"] as? String } == ["value"] && nodes.map { $0["summary"] as? String } == ["0"])

      let missing = try ask(inspector, ["op": "children", "id": 5, "path": ["nope"]])
      #expect(missing["event"] as? String == "failed" && missing["message"] as? String == "the state has no `nope`" && missing["id"] as? Int == 5)
      // A path of 50,000 names (300 kB): refused at its first name, in a short message.
      let absurd = try ask(inspector, ["op": "children", "id": 6, "path": Array(repeating: "value", count: 50_000)])
      #expect(absurd["event"] as? String == "failed" && (absurd["message"] as? String ?? "").count < 200)
      let beyond = try ask(inspector, ["op": "children", "id": 8, "path": ["value"], "offset": -5])
      #expect(beyond["event"] as? String == "children" && beyond["total"] as? Int == 0)

      let found = try ask(inspector, ["op": "search", "id": 9, "query": "VAL", "field": "key"])
      #expect(found["event"] as? String == "found" && (found["paths"] as? [[String]]) == [["value"]])
      let history = try ask(inspector, ["op": "history", "id": 10])
      #expect(history["liveness"] as? String == "live, read-only" && history["domain"] as? String == "counter")

      // An op of no known shape closes the inspector's connection only; the shell's still answers.
      #expect(inspector.send(AttachSocket.json(["inspect": ["op": "explode", "id": 11]])))
      #expect(throws: AttachSocket.Failure.closed) { try inspector.receiveObject() }
      #expect(shell.send(AttachSocket.json(["line": "state"])))
      var events: [String] = []
      while events.last != "done" { events.append(try shell.receiveObject()["event"] as? String ?? "?") }
      #expect(events == ["command", "output", "done"])

      // An oversized frame closes that connection only, too.
      let other = try connect(pair)
      defer { other.close() }
      #expect(other.writeAll(withUnsafeBytes(of: UInt32(4 << 20).bigEndian) { Array($0) }))
      #expect(throws: AttachSocket.Failure.closed) { try other.receiveObject() }
      #expect(try ask(shell, ["op": "link", "id": 12])["event"] as? String == "inspection-link")
    }
  }
}
