import Foundation
import Testing

/// The inspector serves loopback only, and only to its own page: every request and the WebSocket
/// need the token; a `Host` other than the loopback address it listens on (DNS rebinding) and a
/// foreign `Origin` are refused. Checked against the real server of a real shell, and in the browser.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorGuardTests {
  /// What a status line must be, or must not be.
  enum Check {
    case `is`(String)
    case isNot(String)
  }

  static let script = "use counter\ndispatch didTapIncrementButton\n"

  @Test func requestsNeedTheTokenTheirOwnHostAndNoForeignOrigin() async throws {
    try await InspectedShell.with(script: Self.script) { shell in try await checkRequests(shell) }
  }

  private func checkRequests(_ shell: InspectedShell) async throws {
    let host = "127.0.0.1:\(shell.port)"
    let good = "/?token=\(shell.token)"
    try await expectStatus(RawHTTP.statusLine(port: shell.port, target: good, host: host), .is("HTTP/1.1 200 OK"))
    try await expectStatus(RawHTTP.statusLine(port: shell.port, target: "/app.js?token=\(shell.token)", host: "localhost:\(shell.port)"), .is("HTTP/1.1 200 OK"))
    try await expectStatus(RawHTTP.statusLine(port: shell.port, target: "/", host: host), .is("HTTP/1.1 403 Forbidden"))
    try await expectStatus(RawHTTP.statusLine(port: shell.port, target: "/?token=0123456789abcdef0123456789abcdef", host: host), .is("HTTP/1.1 403 Forbidden"))
    try await expectStatus(RawHTTP.statusLine(port: shell.port, target: "/app.js", host: host), .is("HTTP/1.1 403 Forbidden"))
    try await expectStatus(RawHTTP.statusLine(port: shell.port, target: good, host: "attacker.example:\(shell.port)"), .is("HTTP/1.1 403 Forbidden"))
    try await expectStatus(RawHTTP.statusLine(port: shell.port, target: good, host: host, headers: ["Origin: http://attacker.example"]), .is("HTTP/1.1 403 Forbidden"))
    try await expectStatus(RawHTTP.statusLine(port: shell.port, target: good, host: host, headers: ["Origin: http://\(host)"]), .is("HTTP/1.1 200 OK"))
  }

  /// HEAD answers as GET does, status and headers alike, with no body; the guard refuses it as it
  /// refuses GET. Each reply is read to the connection's end, so a body sent after all would show.
  @Test func headAnswersAsGetWithoutABody() async throws {
    try await InspectedShell.with(script: Self.script) { shell in
      let host = "127.0.0.1:\(shell.port)"
      for target in ["/?token=\(shell.token)", "/app.js?token=\(shell.token)", "/", "/nothing.js?token=\(shell.token)"] {
        let get = try await RawHTTP.exchange(port: shell.port, method: "GET", target: target, host: host)
        let head = try await RawHTTP.exchange(port: shell.port, method: "HEAD", target: target, host: host)
        #expect(head.statusLine == get.statusLine, "HEAD \(target)")
        #expect(Self.comparable(head.headers) == Self.comparable(get.headers), "HEAD \(target)")
        #expect(head.body.isEmpty, "HEAD \(target) sent a body: \(String(decoding: head.body, as: UTF8.self))")
      }
      let page = try await RawHTTP.exchange(port: shell.port, method: "HEAD", target: "/?token=\(shell.token)", host: host)
      #expect(page.statusLine == "HTTP/1.1 200 OK")
      #expect(page.headers.contains("Content-Type: text/html; charset=utf-8"))
      let refused = try await RawHTTP.exchange(port: shell.port, method: "HEAD", target: "/", host: host)
      #expect(refused.statusLine == "HTTP/1.1 403 Forbidden")
      let foreign = try await RawHTTP.exchange(port: shell.port, method: "HEAD", target: "/?token=\(shell.token)", host: "attacker.example:\(shell.port)")
      #expect(foreign.statusLine == "HTTP/1.1 403 Forbidden")
    }
  }

  /// Header lines without `Date`, which differs between two replies a second apart, sorted.
  private static func comparable(_ headers: [String]) -> [String] {
    headers.filter { !$0.lowercased().hasPrefix("date:") }.sorted()
  }

  /// Checks a status line, showing it when it is not the one expected.
  private func expectStatus(_ line: String, _ check: Check, sourceLocation: SourceLocation = #_sourceLocation) {
    switch check {
    case .is(let expected): #expect(line == expected, sourceLocation: sourceLocation)
    case .isNot(let refused): #expect(line != refused && line.hasPrefix("HTTP/1.1 "), "got \(line)", sourceLocation: sourceLocation)
    }
  }

  @Test func theWebSocketNeedsTheTokenAndTheInspectorsOrigin() async throws {
    try await InspectedShell.with(script: Self.script) { shell in try await checkSocket(shell) }
  }

  private func checkSocket(_ shell: InspectedShell) async throws {
    let host = "127.0.0.1:\(shell.port)"
    let socket = "/ws?token=\(shell.token)"
    try await expectStatus(RawHTTP.statusLine(port: shell.port, target: socket, host: host, headers: RawHTTP.upgradeHeaders(["Origin: http://\(host)"])), .is("HTTP/1.1 101 Switching Protocols"))
    // The WebSocket library answers every upgrade it does not make with 400 (README: Security).
    try await expectStatus(RawHTTP.statusLine(port: shell.port, target: socket, host: host, headers: RawHTTP.upgradeHeaders(["Origin: http://attacker.example"])), .is("HTTP/1.1 400 Bad Request"))
    try await expectStatus(RawHTTP.statusLine(port: shell.port, target: "/ws?token=wrong", host: host, headers: RawHTTP.upgradeHeaders()), .isNot("HTTP/1.1 101 Switching Protocols"))
    try await expectStatus(RawHTTP.statusLine(port: shell.port, target: socket, host: "attacker.example", headers: RawHTTP.upgradeHeaders()), .isNot("HTTP/1.1 101 Switching Protocols"))
  }

  /// RFC 6455: a client frame that is not masked closes the connection with 1002, a text message
  /// that is not UTF-8 with 1007; neither runs as a line.
  @Test func anUnmaskedFrameOrATextFrameThatIsNotUTF8ClosesTheSocketWithItsCode() async throws {
    try await InspectedShell.with(script: Self.script) { shell in
      let request = #"{"id": 1, "op": "run", "line": "dispatch didTapIncrementButton"}"#
      let unmasked = try await RawWebSocket.closeCode(port: shell.port, token: shell.token, after: RawWebSocket.textFrame(Array(request.utf8), masked: false))
      #expect(unmasked == 1002)
      let notUTF8 = try await RawWebSocket.closeCode(port: shell.port, token: shell.token, after: RawWebSocket.textFrame([0x7B, 0xFF, 0xFE, 0x7D], masked: true))
      #expect(notUTF8 == 1007)
      // Neither ran: the counter is where the script left it.
      let state = try await RawWebSocket.closeCode(port: shell.port, token: shell.token, after: RawWebSocket.textFrame(Array(request.utf8), masked: true), expectingText: "+   value: 2")
      #expect(state == nil)
    }
  }

  @Test func aBrowserWithAWrongTokenIsRefusedAndAForeignPageCannotConnect() async throws {
    try await InspectedShell.with(script: Self.script) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await checkBrowser(shell, driver)
      }
    }
  }

  private func checkBrowser(_ shell: InspectedShell, _ driver: WebDriver) async throws {
    try await driver.open("http://127.0.0.1:\(shell.port)/?token=not-the-token")
    #expect(try await driver.text("body").contains("refused: a missing or wrong token"))
    // A page of another origin that knows the token opens the socket: its Origin gives it away.
    try await driver.open("data:text/html,<title>another site</title>")
    let outcome = try await driver.runAsync("""
      const socket = new WebSocket("ws://127.0.0.1:\(shell.port)/ws?token=\(shell.token)");
      socket.onopen = () => finish("open");
      socket.onerror = () => finish("refused");
      """)
    #expect(outcome == "\"refused\"")
  }
}
