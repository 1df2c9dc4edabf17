import Foundation

/// The part of a USGS GeoJSON summary feed (a `FeatureCollection`) that becomes quakes.
///
/// A transfer type, separate from `Quake`, so the feed's shape (milliseconds, nulls, nested
/// coordinates) stays out of the domain values.
package struct GeoJSONFeed: Decodable, Sendable {
  package let features: [Feature]
}

extension GeoJSONFeed {
  /// One event of the feed.
  package struct Feature: Decodable, Sendable {
    package let id: String
    package let properties: Properties
    package let geometry: Geometry
  }

  /// The event's attributes; USGS may send a null magnitude or place.
  package struct Properties: Decodable, Sendable {
    package let mag: Double?
    package let place: String?
    package let time: Double
    package let updated: Double
  }

  /// The event's point: longitude, latitude and depth.
  package struct Geometry: Decodable, Sendable {
    package let coordinates: [Double]
  }
}

extension GeoJSONFeed {
  /// The name a quake gets when USGS sends no place.
  package static let unknownPlace = "Unknown place"

  /// The feed's events as quakes, in feed order; a null magnitude reads as zero.
  package func quakes() throws -> [Quake] {
    try self.features.enumerated().map { index, feature in
      guard feature.geometry.coordinates.count >= 2 else {
        throw FeedError.malformedFeed("fewer than 2 coordinates at $.features[\(index)].geometry")
      }
      return Quake(
        quakeId: feature.id,
        magnitude: feature.properties.mag ?? 0,
        time: Date(timeIntervalSince1970: feature.properties.time / 1000),
        updated: Date(timeIntervalSince1970: feature.properties.updated / 1000),
        name: feature.properties.place ?? Self.unknownPlace,
        longitude: feature.geometry.coordinates[0],
        latitude: feature.geometry.coordinates[1]
      )
    }
  }
}
