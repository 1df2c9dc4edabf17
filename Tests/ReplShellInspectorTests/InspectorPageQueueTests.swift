import Foundation
import TestSupport
import Testing

/// A page that keeps asking and never reads: the replies wait for it up to the queue's limit
/// (`--inspect` serves with 64 MiB), then the shell closes that page with 1008, says so once on
/// standard error, and goes on serving the next page. Without the limit the replies pile up in
/// the shell's memory for as long as the page holds the socket.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorPageQueueTests {
  static let script = """
    use quakes --feed feed/
    dispatch quakeList.onTapRefreshQuakesButton(range: .allMonth)
    select selectQuakesCount

    """

  static let notice = "the inspector closed a page that left more than"

  @Test func aPageThatReadsNothingIsClosedPastItsQueueAndTheNextPageIsServed() async throws {
    try await InspectedShell.with(script: Self.script, prepare: SyntheticFeed.write) { shell in
      try await shell.waitForTranscript(containing: "quakes> select selectQuakesCount\n64000", timeout: .seconds(600))
      // Each reply is a page of 500 quakes; the requests go on until the shell's notice shows,
      // the signal that the queue passed its limit (a bound of batches ends a shell that never says it).
      let request = #"{"id": 1, "op": "children", "path": ["quakes", "data"], "offset": 0, "limit": 500}"#
      let code = try await RawWebSocket.closeCodeAfterFlood(
        port: shell.port, token: shell.token, frame: RawWebSocket.textFrame(Array(request.utf8), masked: true),
        batch: 50, batches: 60, until: { shell.errors.contains(Self.notice) })
      // Closed with 1008, or reset when the shell closed it with requests still unread.
      #expect(code == 1008 || code == nil, "closed with \(code.map(String.init) ?? "a reset")")
      #expect(shell.errors.components(separatedBy: Self.notice).count == 2, "one notice: \(shell.errors)")
      // The shell serves on: a new page gets its hello.
      let next = try await RawWebSocket.closeCode(
        port: shell.port, token: shell.token, after: RawWebSocket.textFrame(Array(#"{"id": 2, "op": "why", "path": ["quakes"]}"#.utf8), masked: true),
        expectingText: "\"hello\"")
      #expect(next == nil, "the next page was closed with \(next.map(String.init) ?? "-")")
    }
  }
}
