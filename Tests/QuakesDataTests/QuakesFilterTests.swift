@testable import QuakesData
import Testing

@Suite struct QuakesFilterTests {
  @Test func passesDeletesAndFetchSuccessesOnly() {
    let filter = QuakesFilter.filterQuakes()
    let state = QuakesState()
    let passing: [QuakesAction] = [
      .ui(.quakeList(.onTapDeleteSelectedQuakeButton(quakeId: "small"))),
      .ui(.quakeList(.onTapDeleteAllQuakesButton)),
      .data(.persistentSession(.localStore(.didFetchQuakes(result: .success(quakes: []))))),
      .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: [.small]))))),
    ]
    let blocked: [QuakesAction] = [
      .ui(.quakeList(.onAppear)),
      .ui(.quakeList(.onTapRefreshQuakesButton(range: .allDay))),
      .data(.persistentSession(.localStore(.didFetchQuakes(result: .failure(error: "x"))))),
      .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .failure(error: "x"))))),
    ]
    for action in passing {
      #expect(filter(state, action), "\(action)")
    }
    for action in blocked {
      #expect(!filter(state, action), "\(action)")
    }
  }
}
