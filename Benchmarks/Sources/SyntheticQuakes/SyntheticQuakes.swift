import Foundation
import QuakesData

/// Deterministic quakes for the benchmarks that need a large state: the same ids, places and
/// figures on every run, spread over one week like a USGS feed.
public enum SyntheticQuakes {
  /// The first instant of the synthetic week (2024-01-01T00:00:00Z).
  public static let weekStart = Date(timeIntervalSince1970: 1_704_067_200)

  /// The id of the quake at `index`, e.g. `"bench000042"`.
  public static func id(_ index: Int) -> String {
    let digits = String(index)
    return "bench" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
  }

  /// The quake at `index`; `revision` changes its magnitude and update time, as a later feed would.
  public static func quake(_ index: Int, revision: Int = 0) -> Quake {
    let time = weekStart.addingTimeInterval(Double(index % 604_800))
    return Quake(
      quakeId: id(index),
      magnitude: 0.5 + Double((index &* 7 &+ revision) % 70) / 10,
      time: time,
      updated: time.addingTimeInterval(Double(60 * (1 + revision))),
      name: "\(index % 97 + 1)km NW of Benchmark Springs, CA",
      longitude: -125 + Double(index % 1000) / 100,
      latitude: 32 + Double(index % 800) / 100
    )
  }

  /// Quakes `0..<count`, in id order.
  public static func quakes(count: Int) -> [Quake] {
    (0..<count).map { quake($0) }
  }

  /// A Quakes state holding quakes `0..<count`, built through the domain's own reducer.
  public static func state(count: Int) throws -> QuakesState {
    try QuakesReducer.reduce(
      state: QuakesState(),
      action: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: quakes(count: count))))))
    )
  }
}
