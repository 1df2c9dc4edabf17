import Testing

/// How soon a page shows the session: the time from navigation (the page's time origin) to the
/// moment the test sees a condition hold, polled by the driver, so an upper bound of the real one.
enum FirstPaint {
  /// The longest the domain and the history may take to show. The server sends both in its first
  /// message, as the socket opens; on this kind of machine (2 shared cores, debug build) the page
  /// shows them 0.1–0.4 s after navigation, loading included, where it once took about 6 s. The
  /// issue's one second is generous for a page served from loopback and far below the old delay.
  static let bound: Double = 1000

  /// Waits until `condition` holds and checks it held within `bound` of navigation.
  static func check(_ driver: WebDriver, until condition: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await driver.wait(until: condition)
    let seenAt = try #require(Double(try await driver.run("return performance.now();")), sourceLocation: sourceLocation)
    #expect(seenAt <= bound, "`\(condition)` held \(Int(seenAt)) ms after navigation", sourceLocation: sourceLocation)
  }
}
