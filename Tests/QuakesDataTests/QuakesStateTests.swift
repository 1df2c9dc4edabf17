import Foundation
import HashTreeCollections
@testable import QuakesData
import Testing

@Suite struct QuakesStateTests {
  private let beforeMidnight = Fixtures.quake("a-before", magnitude: 3.1, time: "2024-03-14T23:59:59Z", name: "Near Ridgecrest, CA")
  private let atMidnight = Fixtures.quake("b-midnight", magnitude: 1.2, time: "2024-03-15T00:00:00Z", name: "Ōtsu, Japan")
  private let morning = Fixtures.quake("c-morning", magnitude: 4.4, time: "2024-03-15T09:30:00Z", name: "10 km S of Volcano, Hawaii")
  private let evening = Fixtures.quake("d-evening", magnitude: 1.2, time: "2024-03-15T20:00:00Z", name: "OTSU region")
  private let lastSecond = Fixtures.quake("e-last", magnitude: 2.0, time: "2024-03-15T23:59:59Z", name: "Anchorage, Alaska")
  private let nextDay = Fixtures.quake("f-next", magnitude: 5.0, time: "2024-03-16T00:00:00Z", name: "Ōtsu, Japan")

  private var state: QuakesState {
    var state = QuakesState()
    for quake in [beforeMidnight, atMidnight, morning, evening, lastSecond, nextDay] {
      state.quakes.data[quake.id] = quake
    }
    state.quakes.status = .success
    return state
  }

  private let searchDate = Fixtures.date("2024-03-15T12:00:00Z")

  @Test func theDayFilterKeepsExactlyTheUTCDay() {
    let selected = QuakesState.selectQuakesValues(
      searchText: "", searchDate: searchDate, sort: \.time, calendar: Fixtures.utc
    )(state)
    #expect(selected == [atMidnight, morning, evening, lastSecond])
  }

  @Test func theDayDependsOnTheCalendarTimeZone() throws {
    var tokyo = Calendar(identifier: .gregorian)
    tokyo.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))
    // 2024-03-15T12:00Z is 21:00 on the 15th in Tokyo, whose day runs from 15:00Z on the 14th to 15:00Z on the 15th.
    let selected = QuakesState.selectQuakesValues(
      searchText: "", searchDate: searchDate, sort: \.time, calendar: tokyo
    )(state)
    #expect(selected == [beforeMidnight, atMidnight, morning])
  }

  @Test func searchTextIgnoresCaseAndDiacriticsAndEmptyMatchesAll() {
    let otsu = QuakesState.selectQuakesValues(
      searchText: "otsu", searchDate: searchDate, sort: \.quakeId, calendar: Fixtures.utc
    )(state)
    #expect(otsu == [atMidnight, evening])
    let none = QuakesState.selectQuakesValues(
      searchText: "Tokyo", searchDate: searchDate, sort: \.quakeId, calendar: Fixtures.utc
    )(state)
    #expect(none.isEmpty)
  }

  @Test func sortsBothWaysBreakingTiesById() {
    let forward = QuakesState.selectQuakesValues(
      searchText: "", searchDate: searchDate, sort: \.magnitude, order: .forward, calendar: Fixtures.utc
    )(state)
    #expect(forward == [atMidnight, evening, lastSecond, morning])
    let reverse = QuakesState.selectQuakesValues(
      searchText: "", searchDate: searchDate, sort: \.magnitude, order: .reverse, calendar: Fixtures.utc
    )(state)
    #expect(reverse == [morning, lastSecond, evening, atMidnight])
    let byName = QuakesState.selectQuakesValues(
      searchText: "", searchDate: searchDate, sort: \.name, order: .reverse, calendar: Fixtures.utc
    )(state)
    #expect(byName.map(\.quakeId) == ["b-midnight", "d-evening", "e-last", "c-morning"])
  }

  @Test func selectQuakesReturnsTheSameFilterAsADictionary() {
    let selected = QuakesState.selectQuakes(searchText: "a", searchDate: searchDate, calendar: Fixtures.utc)(state)
    let expected: TreeDictionary<Quake.ID, Quake> = [
      atMidnight.id: atMidnight, morning.id: morning, lastSecond.id: lastSecond,
    ]
    #expect(selected == expected)
  }

  @Test func countStatusAndSingleQuake() {
    #expect(QuakesState.selectQuakesCount()(state) == 6)
    #expect(QuakesState.selectQuakesCount()(QuakesState()) == 0)
    #expect(QuakesState.selectQuakesStatus()(state) == .success)
    #expect(QuakesState.selectQuakesStatus()(QuakesState()) == nil)
    #expect(QuakesState.selectQuake(quakeId: "c-morning")(state) == morning)
    #expect(QuakesState.selectQuake(quakeId: "unknown")(state) == nil)
    #expect(QuakesState.selectQuake(quakeId: nil)(state) == nil)
  }
}
