import Foundation

/// One earthquake (or other seismic event) as USGS reports it: where, when and how strong.
public struct Quake: Hashable, Codable, Sendable {
  /// The USGS event id, e.g. `"nc73423506"`.
  public let quakeId: String
  /// The magnitude; zero or below when USGS reported none or a negative one.
  public let magnitude: Double
  /// When the event happened.
  public let time: Date
  /// When USGS last revised the event.
  public let updated: Date
  /// The place, e.g. `"6km NW of The Geysers, CA"`.
  public let name: String
  /// Degrees east of Greenwich, from -180 to 180.
  public let longitude: Double
  /// Degrees north of the equator, from -90 to 90.
  public let latitude: Double

  /// Creates a quake from its id, magnitude, times, place and coordinates.
  public init(
    quakeId: String,
    magnitude: Double,
    time: Date,
    updated: Date,
    name: String,
    longitude: Double,
    latitude: Double
  ) {
    self.quakeId = quakeId
    self.magnitude = magnitude
    self.time = time
    self.updated = updated
    self.name = name
    self.longitude = longitude
    self.latitude = latitude
  }
}

extension Quake: Identifiable {
  /// The USGS event id.
  public var id: String {
    self.quakeId
  }
}

extension Quake {
  /// The fixed instant every sample quake happened at (2024-01-01T00:00:00Z), so samples print the same on every run.
  public static let sampleDate = Date(timeIntervalSince1970: 1_704_067_200)

  /// A sample of magnitude 0.5.
  public static let xxsmall = Quake.sample(quakeId: "xxsmall", magnitude: 0.5)
  /// A sample of magnitude 1.5.
  public static let xsmall = Quake.sample(quakeId: "xsmall", magnitude: 1.5)
  /// A sample of magnitude 2.5.
  public static let small = Quake.sample(quakeId: "small", magnitude: 2.5)
  /// A sample of magnitude 3.5.
  public static let medium = Quake.sample(quakeId: "medium", magnitude: 3.5)
  /// A sample of magnitude 4.5.
  public static let large = Quake.sample(quakeId: "large", magnitude: 4.5)
  /// A sample of magnitude 5.5.
  public static let xlarge = Quake.sample(quakeId: "xlarge", magnitude: 5.5)
  /// A sample of magnitude 6.5.
  public static let xxlarge = Quake.sample(quakeId: "xxlarge", magnitude: 6.5)
  /// A sample of magnitude 7.5.
  public static let xxxlarge = Quake.sample(quakeId: "xxxlarge", magnitude: 7.5)

  private static func sample(quakeId: String, magnitude: Double) -> Quake {
    Quake(
      quakeId: quakeId,
      magnitude: magnitude,
      time: Self.sampleDate,
      updated: Self.sampleDate,
      name: "West of California",
      longitude: -125,
      latitude: 35
    )
  }
}
