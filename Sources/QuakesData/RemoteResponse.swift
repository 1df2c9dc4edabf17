import Foundation

/// A USGS GeoJSON summary feed (a `FeatureCollection`) as `RemoteStore` decodes it: the part of
/// each feature that becomes a `Quake`.
///
/// A transfer type, separate from `Quake`, so the feed's shape (nulls, nested coordinates) stays
/// out of the domain values. `time` and `updated` are decoded as dates with the decoder's date
/// strategy; USGS sends milliseconds since 1970, which `RemoteStore` sets.
package struct RemoteResponse: Hashable, Codable, Sendable {
  package let features: [Feature]

  /// Creates a response of `features`.
  package init(features: [Feature]) {
    self.features = features
  }
}

extension RemoteResponse {
  /// One event of the feed.
  package struct Feature: Hashable, Codable, Sendable {
    package let properties: Properties
    package let geometry: Geometry
    package let id: String
  }
}

extension RemoteResponse.Feature {
  /// The event's attributes; USGS may send a null magnitude, and now and then a null place.
  package struct Properties: Hashable, Codable, Sendable {
    package let mag: Double?
    package let place: String?
    package let time: Date
    package let updated: Date
  }

  /// The event's point: longitude, latitude and depth.
  package struct Geometry: Hashable, Codable, Sendable {
    package let coordinates: [Double]
  }
}

extension RemoteResponse {
  /// The name a quake gets when USGS sends no place.
  package static let unknownPlace = "Unknown place"

  /// The feed's events as quakes, in feed order; a null magnitude reads as zero, a null place as
  /// `unknownPlace`; a point with fewer than two coordinates is a malformed feed.
  package func quakes() throws -> [Quake] {
    try self.features.enumerated().map { index, feature in
      guard feature.geometry.coordinates.count >= 2 else {
        throw FeedError.malformedFeed("fewer than 2 coordinates at $.features[\(index)].geometry")
      }
      return Quake(
        quakeId: feature.id,
        magnitude: feature.properties.mag ?? 0,
        time: feature.properties.time,
        updated: feature.properties.updated,
        name: feature.properties.place ?? Self.unknownPlace,
        longitude: feature.geometry.coordinates[0],
        latitude: feature.geometry.coordinates[1]
      )
    }
  }
}
