import Foundation
import ReplShellHost
import ReplShellSession
import SampleDomains
import Scenarios
import TestSupport
import Testing
@testable import ReplShellInspector

/// The page's requests about the history (`view`, `find`) as the inspector's connection answers
/// them over a real Counter session: the state at an entry is the history's own; skipping entries
/// recomputes every later state by the reducer alone in a scratch copy, leaving the store, the
/// history and the session's events as they were; each request is checked for size and shape.
@Suite(.timeLimit(.minutes(10))) struct InspectorHistoryViewTests {
  /// A Counter session of four entries, values 1, 2, 1, 2, and the inspector's view of it.
  @MainActor private func session() async throws -> (Shell, InspectedSession) {
    let shell = Shell(domains: [.counter], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    for line in ["use counter", "dispatch didTapIncrementButton", "dispatch didTapIncrementButton", "dispatch didTapDecrementButton", "dispatch didTapIncrementButton"] {
      let result = await shell.run(line, echoesCommands: true)
      #expect(result.succeeded, "\(line): \(result.lines.map(\.text))")
    }
    return (shell, InspectedSession(host: InspectorHost(shell: shell, run: { await shell.execute($0) })))
  }

  /// The one reply to `message`, as a JSON object.
  @MainActor private func reply(_ message: String, _ session: InspectedSession) async throws -> [String: Any] {
    let replies = await InspectorConnection.replies(to: message, from: session)
    #expect(replies.count == 1)
    let text = try #require(replies.first)
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// The summary of the root's `value` child in a `view` reply.
  private func value(_ reply: [String: Any]) -> String? {
    (reply["nodes"] as? [[String: Any]])?.first { $0["name"] as? String == "value" }?["summary"] as? String
  }

  @MainActor @Test func anEntrysStateAndAWhatIfThatLeavesTheStoreAlone() async throws {
    let (shell, session) = try await session()
    defer { Task { await shell.close() } }

    // Entry 2's own state, with what it changed marked.
    let second = try await reply(#"{"id": 1, "op": "view", "position": 2, "path": []}"#, session)
    #expect(second["type"] as? String == "children")
    #expect(value(second) == "2")
    #expect(second["changed"] as? [String] == ["value"])
    #expect(second["whatIf"] as? Bool == false)
    // The initial state marks nothing.
    let initial = try await reply(#"{"id": 2, "op": "view", "position": 0, "path": []}"#, session)
    #expect(value(initial) == "0")
    #expect(initial["changed"] as? [String] == [])

    // Skipping #2: from there on the reducer alone recomputes 1, (skipped), 0, 1.
    let whatIf = try await reply(#"{"id": 3, "op": "view", "position": 4, "skipped": [2], "path": []}"#, session)
    #expect(value(whatIf) == "1")
    #expect(whatIf["whatIf"] as? Bool == true)
    #expect(whatIf["skipped"] as? [Int] == [2])
    #expect(whatIf["changed"] as? [String] == ["value"])
    // Before the skipped entry the state is the history's own.
    let before = try await reply(#"{"id": 4, "op": "view", "position": 1, "skipped": [2], "path": []}"#, session)
    #expect(value(before) == "1")
    #expect(before["whatIf"] as? Bool == false)
    // Searched there by path, in the shell's path language.
    let found = try await reply(#"{"id": 5, "op": "find", "position": 4, "skipped": [2, 3], "query": "value", "field": "path"}"#, session)
    #expect(found["type"] as? String == "found")
    #expect(found["paths"] as? [[String]] == [["value"]])

    // The store and the history are as they were.
    #expect(shell.inspection.history == (count: 4, position: 4))
    let state = await shell.run("state", echoesCommands: false)
    #expect(state.lines.map(\.text).joined(separator: "\n").contains("value: 2"))
  }

  @MainActor @Test func requestsOfTheWrongSizeOrShapeAreRefused() async throws {
    let (shell, session) = try await session()
    defer { Task { await shell.close() } }
    let many = (1...65).map(String.init).joined(separator: ", ")
    let deep = Array(repeating: "\"a\"", count: 65).joined(separator: ", ")
    let long = String(repeating: "x", count: 1025)
    let refusals: [(String, String)] = [
      (#"{"id": 1, "op": "view", "position": 4, "skipped": [\#(many)]}"#, "at most 64 entries can be skipped"),
      (#"{"id": 2, "op": "view", "path": [\#(deep)]}"#, "a path of at most 64 names"),
      (#"{"id": 3, "op": "find", "query": "\#(long)"}"#, "a search of at most 1024 characters"),
      (#"{"id": 4, "op": "find", "query": "v", "field": "html"}"#, "search by `key`, `value` or `path`"),
      (#"{"id": 5, "op": "view", "position": -1}"#, "history positions start at 0"),
      (#"{"id": 6, "op": "view", "position": 5}"#, "no history entry 5"),
      (#"{"id": 7, "op": "view", "position": 4, "skipped": [9]}"#, "no history entry 9 to skip"),
      (#"{"id": 8, "op": "view", "skipped": [0]}"#, "numbered from 1"),
      (#"{"id": 9, "op": "find", "query": "value[", "field": "path"}"#, "expected a value"),
      (#"{"id": 10, "op": "view", "position": 2, "path": ["nothing"]}"#, "has no `nothing`"),
    ]
    for (message, said) in refusals {
      let answer = try await reply(message, session)
      #expect(answer["type"] as? String == "failed", "\(message.prefix(80)): \(answer)")
      #expect((answer["message"] as? String ?? "").contains(said), "\(message.prefix(80)): \(answer)")
    }
    // A view request of the wrong types is no request at all.
    let wrong = try await reply(#"{"id": 11, "op": "view", "position": "2"}"#, session)
    #expect(wrong["type"] as? String == "failed")
    #expect((wrong["message"] as? String ?? "").hasPrefix("not a request the inspector knows"))
  }
}
