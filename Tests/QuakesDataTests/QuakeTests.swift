import Foundation
@testable import QuakesData
import Testing

@Suite struct QuakeTests {
  @Test func theEightSamplesHaveTheirNamesAsIdsAndRisingMagnitudes() {
    let samples: [Quake] = [.xxsmall, .xsmall, .small, .medium, .large, .xlarge, .xxlarge, .xxxlarge]
    #expect(samples.map(\.quakeId) == ["xxsmall", "xsmall", "small", "medium", "large", "xlarge", "xxlarge", "xxxlarge"])
    #expect(samples.map(\.magnitude) == [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5])
    for sample in samples {
      #expect(sample.id == sample.quakeId)
      #expect(sample.name == "West of California")
      #expect(sample.longitude == -125)
      #expect(sample.latitude == 35)
      #expect(sample.time == Quake.sampleDate)
    }
  }

  @Test func valuesSurviveASynthesizedCodableRoundTrip() throws {
    var state = QuakesState()
    state.quakes.data[Quake.medium.id] = .medium
    state.quakes.status = .failure(error: "timed out")
    let actions: [QuakesAction] = [
      .ui(.quakeList(.onTapRefreshQuakesButton(range: .allWeek))),
      .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: [.large]))))),
    ]
    let decodedState = try JSONDecoder().decode(QuakesState.self, from: JSONEncoder().encode(state))
    let decodedActions = try JSONDecoder().decode([QuakesAction].self, from: JSONEncoder().encode(actions))
    #expect(decodedState == state)
    #expect(decodedActions == actions)
  }

  @Test func refreshRangesAreAllListed() {
    #expect(QuakesAction.UI.QuakeList.RefreshQuakesRange.allCases == [.allHour, .allDay, .allWeek, .allMonth])
  }
}
