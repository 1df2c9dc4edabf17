import Foundation
import TestSupport
import Testing

/// `replshell --inspect` at a real prompt: the address is printed, the prompt and Tab work while
/// the inspector serves, and a line the inspector sends is printed at the terminal as a typed one.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectedTerminalTests {
  @Test func aLineFromTheInspectorShowsAtThePrompt() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let terminal = try TerminalSession(["--inspect", "counter"], in: folder.url, environment: ["NO_COLOR": "1", "PAGER": ""])
    let screen = try await terminal.waitFor("counter> ")
    let address = try #require(screen.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://127.0.0.1:") })
    let port = try #require(Int(address.dropFirst("http://127.0.0.1:".count).prefix { $0.isNumber }))
    let token = String(address.split(separator: "=").last ?? "")

    terminal.type("dispatch didTapInc\t")
    try await terminal.waitFor("dispatch didTapIncrementButton")
    terminal.type("\r")
    try await terminal.waitFor("+   value: 1")

    let replies = try await InspectorSocket.exchange(port: port, token: token, request: #"{"id": 1, "op": "run", "line": "undo"}"#, until: #""type":"ran""#)
    #expect(replies.contains(#""succeeded":true"#))
    try await terminal.waitFor("counter> undo\nundid 1: didTapIncrementButton")

    terminal.type("state\r")
    try await terminal.waitFor("CounterState(value: 0)")
    terminal.type("\u{4}")
    #expect(try await terminal.exitStatus() == 0)
  }
}
