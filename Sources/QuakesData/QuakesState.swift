import Foundation
import HashTreeCollections

/// The Quakes domain's global state: every quake the app knows, and where loading them stands.
public struct QuakesState: Hashable, Codable, Sendable {
  package var quakes: Quakes

  package init(quakes: Quakes) {
    self.quakes = quakes
  }
}

extension QuakesState {
  /// Creates an empty state: no quakes, nothing requested yet.
  public init() {
    self.init(quakes: Quakes())
  }
}

extension QuakesState {
  /// The quakes keyed by id, and the status of the last fetch.
  package struct Quakes: Hashable, Codable, Sendable {
    package var data: TreeDictionary<Quake.ID, Quake> = [:]
    package var status: Status? = nil

    package init(
      data: TreeDictionary<Quake.ID, Quake> = [:],
      status: Status? = nil
    ) {
      self.data = data
      self.status = status
    }
  }
}

extension QuakesState {
  fileprivate func filterQuakes(
    searchText: String,
    searchDate: Date,
    calendar: Calendar
  ) -> TreeDictionary<Quake.ID, Quake> {
    let start = calendar.startOfDay(for: searchDate)
    let end = calendar.date(byAdding: .day, value: 1, to: start) ?? start
    let day = start..<end
    return self.quakes.data.filter { _, quake in
      guard day.contains(quake.time) else {
        return false
      }
      return searchText.isEmpty
        || quake.name.range(of: searchText, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
  }
}

extension QuakesState {
  /// Selects the quakes that happened on `searchDate`'s day in `calendar` and whose place
  /// contains `searchText` (ignoring case and diacritics; an empty text matches every place).
  public static func selectQuakes(
    searchText: String,
    searchDate: Date,
    calendar: Calendar = .current
  ) -> @Sendable (Self) -> TreeDictionary<Quake.ID, Quake> {
    { state in
      state.filterQuakes(searchText: searchText, searchDate: searchDate, calendar: calendar)
    }
  }

  /// Selects the same quakes as `selectQuakes(searchText:searchDate:calendar:)`, sorted by
  /// `keyPath` in `order`; ties are broken by id in the same order, so the result is deterministic.
  public static func selectQuakesValues(
    searchText: String,
    searchDate: Date,
    sort keyPath: KeyPath<Quake, some Comparable> & Sendable,
    order: SortOrder = .forward,
    calendar: Calendar = .current
  ) -> @Sendable (Self) -> [Quake] {
    { state in
      let quakes = state.filterQuakes(searchText: searchText, searchDate: searchDate, calendar: calendar)
      return quakes.values.sorted { lhs, rhs in
        let left = lhs[keyPath: keyPath]
        let right = rhs[keyPath: keyPath]
        let ascending = left == right ? lhs.quakeId < rhs.quakeId : left < right
        let descending = left == right ? rhs.quakeId < lhs.quakeId : right < left
        return order == .forward ? ascending : descending
      }
    }
  }

  /// Selects how many quakes the state holds.
  public static func selectQuakesCount() -> @Sendable (Self) -> Int {
    { state in state.quakes.data.count }
  }

  /// Selects the status of the last fetch, or nil when none was requested.
  public static func selectQuakesStatus() -> @Sendable (Self) -> Status? {
    { state in state.quakes.status }
  }

  /// Selects the quake with `quakeId`, or nil when the id is nil or unknown.
  public static func selectQuake(quakeId: Quake.ID?) -> @Sendable (Self) -> Quake? {
    { state in
      guard let quakeId else {
        return nil
      }
      return state.quakes.data[quakeId]
    }
  }
}
