import Foundation
import Scenarios
import Testing

/// The attach protocol's inspector requests against a real running app (`AttachedCounter`), frame
/// by frame: a shell's connection asks for a key, a second connection follows it with the key
/// and asks for pages of the state tree, searches and the history. Paths the state lacks, absurd
/// paths and limits are answered with an error or clamped; a request of no known shape or an
/// oversized frame closes that connection only; the app goes on answering.
@Suite(.serialized, .timeLimit(.minutes(3)))
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

  /// Sends an inspector request and reads the reply, passing over the events relayed meanwhile.
  private func ask(_ socket: AttachSocket, _ request: [String: Any]) throws -> [String: Any] {
    #expect(socket.send(AttachSocket.json(["inspect": request])))
    while true {
      #expect(socket.isReadable(within: 10_000))
      let reply = try socket.receiveObject()
      if reply["event"] as? String != "inspected" { return reply }
    }
  }

  /// Whether the connection ends (closed by the app) with no frame but relayed events before.
  private func endsWithoutAnswer(_ socket: AttachSocket) -> Bool {
    while socket.isReadable(within: 10_000) {
      do throws(AttachSocket.Failure) {
        if try socket.receiveObject()["event"] as? String != "inspected" { return false }
      } catch {
        return error == .closed
      }
    }
    return false
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

      // A line runs in the shell's session and comes back with its events; `tail` is the terminal's.
      let ran = try ask(inspector, ["op": "run", "id": 13, "line": "state"])
      #expect(ran["event"] as? String == "ran" && ran["succeeded"] as? Bool == true)
      #expect((ran["events"] as? [[String: Any]] ?? []).compactMap { $0["event"] as? String } == ["command", "output"])
      let tail = try ask(inspector, ["op": "run", "id": 14, "line": "tail"])
      #expect(tail["event"] as? String == "failed" && (tail["message"] as? String ?? "").contains("`tail` follows the app in the terminal"))
      // An op of no known shape closes the inspector's connection only; the shell's still answers.
      #expect(inspector.send(AttachSocket.json(["inspect": ["op": "explode", "id": 11]])))
      #expect(endsWithoutAnswer(inspector))
      #expect(shell.send(AttachSocket.json(["line": "state"])))
      var events: [String] = []
      while events.last != "done" { events.append(try shell.receiveObject()["event"] as? String ?? "?") }
      #expect(events == ["command", "output", "done"])

      // An oversized frame closes that connection only, too.
      let other = try connect(pair)
      defer { other.close() }
      #expect(other.writeAll(withUnsafeBytes(of: UInt32(4 << 20).bigEndian) { Array($0) }))
      #expect(endsWithoutAnswer(other))
      #expect(try ask(shell, ["op": "link", "id": 12])["event"] as? String == "inspection-link")
    }
  }
}

/// `inspect` typed in an attached shell serves the inspector from the shell's process (not the
/// app's, which has none), once; a bad port is refused with what to type.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct AttachInspectCommandTests {
  @Test func inspectTypedInAnAttachedShellServesThePage() async throws {
    try await AttachedPair.with { pair in
      try await pair.attachShell([])
      let shell = try #require(pair.shell)
      shell.send("inspect 70000")
      try await shell.wait(for: "error: expected a port number such as `8123` (or none, for a free port), found `70000`\n")
      shell.send("inspect")
      let printed = try await shell.wait(for: "inspector: http://127.0.0.1:")
      let address = try #require(printed.split(separator: "\n").first { $0.hasPrefix("inspector: ") }?.dropFirst("inspector: ".count))
      // Typed again: the same address.
      shell.send("inspect")
      try await shell.wait(for: "inspector: \(address)\ninspector: \(address)\n")
      let port = try #require(Int(address.split(separator: ":")[2].prefix { $0.isNumber }))
      let target = "/" + (address.split(separator: "/").last ?? "")
      let page = try await RawHTTP.exchange(port: port, method: "GET", target: target, host: "127.0.0.1:\(port)")
      #expect(page.statusLine.hasPrefix("HTTP/1.1 200"))
      #expect(String(decoding: page.body, as: UTF8.self).contains("replshell inspector"))
    }
  }
}
