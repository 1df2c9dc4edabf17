import Foundation
import GRDB

/// The row of the `quake` table: a `Quake` as the local database stores it.
///
/// Times are seconds since 2001-01-01 (Date's own representation), so a Date reads back bit for
/// bit as it was written.
struct QuakeRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "quake"

  var quakeId: String
  var magnitude: Double
  var time: Double
  var updated: Double
  var name: String
  var longitude: Double
  var latitude: Double
}

extension QuakeRecord {
  /// The row that stores `quake`.
  init(_ quake: Quake) {
    self.init(
      quakeId: quake.quakeId,
      magnitude: quake.magnitude,
      time: quake.time.timeIntervalSinceReferenceDate,
      updated: quake.updated.timeIntervalSinceReferenceDate,
      name: quake.name,
      longitude: quake.longitude,
      latitude: quake.latitude
    )
  }

  /// The value this row stores.
  var quake: Quake {
    Quake(
      quakeId: self.quakeId,
      magnitude: self.magnitude,
      time: Date(timeIntervalSinceReferenceDate: self.time),
      updated: Date(timeIntervalSinceReferenceDate: self.updated),
      name: self.name,
      longitude: self.longitude,
      latitude: self.latitude
    )
  }
}
