/// The remote source of quakes, such as the USGS summary feeds.
public protocol PersistentSessionRemoteStore: Sendable {
  /// Returns the quakes of the feed that covers `range`.
  func fetchRemoteQuakesQuery(range: QuakesAction.UI.QuakeList.RefreshQuakesRange) async throws -> [Quake]
}
