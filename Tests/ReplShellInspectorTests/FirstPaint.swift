import Foundation
import Testing

/// The page shows the session at once: the domain and the history come in the server's first
/// message, and the page draws them on receiving it, before any other message and without asking
/// for anything. That is checked here by what happened (which message showed the history), never
/// by how long it took: a test bound in milliseconds fails on a loaded machine however right the
/// page is. How long it took is printed, from navigation (the page's time origin) to the test
/// seeing the condition hold (polled by the driver, so an upper bound) and from the socket opening
/// to the history showing (both taken by the page); the README quotes the figures measured.
enum FirstPaint {
  /// Waits until `condition` holds; checks that the first message the page received showed the
  /// history, and prints how soon.
  static func check(_ driver: WebDriver, until condition: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await driver.wait(until: condition)
    let measured = try await driver.run(
      "return [performance.now(), Inspector.stats.connectedAt, Inspector.stats.historyShownAt, Inspector.stats.historyShownByMessage];")
    let figures = try #require(try JSONSerialization.jsonObject(with: Data(measured.utf8)) as? [Double], sourceLocation: sourceLocation)
    let (seenAt, connectedAt, historyShownAt, byMessage) = (figures[0], figures[1], figures[2], figures[3])
    #expect(byMessage == 1, "the history showed on message \(Int(byMessage)), not on the first the page received", sourceLocation: sourceLocation)
    #expect(connectedAt > 0 && historyShownAt >= connectedAt, "the socket opened at \(connectedAt) ms, the history showed at \(historyShownAt) ms", sourceLocation: sourceLocation)
    print("inspector first paint: `\(condition)` seen \(Int(seenAt)) ms after navigation; the history showed \(Int(historyShownAt - connectedAt)) ms after the socket opened")
  }
}
