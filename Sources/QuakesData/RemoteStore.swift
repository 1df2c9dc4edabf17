import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches quakes from the USGS summary feeds (or any folder laid out the same way, such as a
/// `file://` folder of fixtures) through a network session.
final public class RemoteStore<NetworkSession>: Sendable where NetworkSession: RemoteStoreNetworkSession {
  private let session: NetworkSession
  private let baseURL: URL

  /// Creates a store that reads `all_hour.geojson` … `all_month.geojson` under `baseURL`
  /// (USGS's summary feeds by default) through `session`.
  public init(session: NetworkSession, baseURL: URL = RemoteStore.usgsSummaryFeedsURL) {
    self.session = session
    self.baseURL = baseURL
  }
}

extension RemoteStore {
  /// Where USGS publishes its GeoJSON summary feeds.
  public static var usgsSummaryFeedsURL: URL {
    // A constant, well-formed literal: URL(string:) cannot return nil for it.
    URL(string: "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/")!
  }

  /// The feed file that covers `range`, e.g. `all_day.geojson`.
  package static func feedName(range: QuakesAction.UI.QuakeList.RefreshQuakesRange) -> String {
    switch range {
    case .allHour:
      "all_hour.geojson"
    case .allDay:
      "all_day.geojson"
    case .allWeek:
      "all_week.geojson"
    case .allMonth:
      "all_month.geojson"
    }
  }

  /// The URL of the feed that covers `range` under this store's base URL.
  package func feedURL(range: QuakesAction.UI.QuakeList.RefreshQuakesRange) -> URL {
    self.baseURL.appending(path: Self.feedName(range: range), directoryHint: .notDirectory)
  }
}

extension RemoteStore: PersistentSessionRemoteStore {
  /// Fetches and decodes the feed for `range` (dates in milliseconds since 1970); every event
  /// becomes a quake, in feed order, including those without a magnitude (read as zero).
  /// Decoding failures throw `FeedError.malformedFeed`.
  public func fetchRemoteQuakesQuery(range: QuakesAction.UI.QuakeList.RefreshQuakesRange) async throws -> [Quake] {
    let request = URLRequest(url: self.feedURL(range: range))
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .millisecondsSince1970
    let response: RemoteResponse
    do {
      response = try await self.session.json(for: request, from: decoder)
    } catch let error as DecodingError {
      throw FeedError(decodingError: error)
    }
    return try response.quakes()
  }
}
