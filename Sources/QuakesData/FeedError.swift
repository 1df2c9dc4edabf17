import Foundation
import Services

/// Why a quake feed could not be read, described without URLs, ports or paths so the text is
/// the same on every machine and every run.
public enum FeedError: Swift.Error, Hashable, Sendable {
  /// The server answered with a status outside 200…299.
  case httpStatus(Int)
  /// The body is not a USGS GeoJSON feature collection; the detail says where it went wrong.
  case malformedFeed(String)
  /// Nothing listens at the feed's host and port.
  case connectionRefused
  /// The server did not answer within the configured timeout.
  case timedOut
  /// The feed file does not exist.
  case feedNotFound
  /// Any other failure to reach or read the feed, named by a fixed phrase.
  case unreachable(String)
}

extension FeedError: CustomStringConvertible {
  /// A short phrase such as `HTTP status 500`, `malformed feed: not valid JSON` or `timed out`.
  public var description: String {
    switch self {
    case .httpStatus(let status):
      "HTTP status \(status)"
    case .malformedFeed(let detail):
      "malformed feed: \(detail)"
    case .connectionRefused:
      "connection refused"
    case .timedOut:
      "timed out"
    case .feedNotFound:
      "feed not found"
    case .unreachable(let reason):
      reason
    }
  }
}

extension FeedError {
  /// Describes a decoding failure by what was wrong and where (e.g. `missing key "time" at
  /// $.features[3].properties`), in the words every remote store uses.
  package init(decodingError: DecodingError) {
    self = .malformedFeed(decodingError.summary)
  }
}
