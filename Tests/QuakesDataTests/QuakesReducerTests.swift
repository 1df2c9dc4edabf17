@testable import QuakesData
import Testing

@Suite struct QuakesReducerTests {
  private func state(_ quakes: [Quake], status: Status? = nil) -> QuakesState {
    var state = QuakesState()
    for quake in quakes {
      state.quakes.data[quake.id] = quake
    }
    state.quakes.status = status
    return state
  }

  @Test func onAppearStartsWaitingOnlyTheFirstTime() throws {
    let appeared = try QuakesReducer.reduce(state: QuakesState(), action: .ui(.quakeList(.onAppear)))
    #expect(appeared.quakes.status == .waiting)
    for status: Status in [.empty, .waiting, .success, .failure(error: "x")] {
      let before = self.state([.small], status: status)
      #expect(try QuakesReducer.reduce(state: before, action: .ui(.quakeList(.onAppear))) == before)
    }
  }

  @Test(arguments: QuakesAction.UI.QuakeList.RefreshQuakesRange.allCases)
  func refreshStartsWaitingUnlessAlreadyWaiting(range: QuakesAction.UI.QuakeList.RefreshQuakesRange) throws {
    let action = QuakesAction.ui(.quakeList(.onTapRefreshQuakesButton(range: range)))
    for status: Status? in [nil, .empty, .success, .failure(error: "x")] {
      let after = try QuakesReducer.reduce(state: self.state([.small], status: status), action: action)
      #expect(after == self.state([.small], status: .waiting))
    }
    let waiting = self.state([.small], status: .waiting)
    #expect(try QuakesReducer.reduce(state: waiting, action: action) == waiting)
  }

  @Test func deleteSelectedRemovesTheQuake() throws {
    let after = try QuakesReducer.reduce(
      state: self.state([.small, .large], status: .success),
      action: .ui(.quakeList(.onTapDeleteSelectedQuakeButton(quakeId: "small")))
    )
    #expect(after == self.state([.large], status: .success))
  }

  @Test func deleteSelectedOfAnUnknownQuakeThrowsQuakeNotFound() {
    #expect(throws: QuakesReducer.Error(code: .quakeNotFound)) {
      try QuakesReducer.reduce(
        state: self.state([.small]),
        action: .ui(.quakeList(.onTapDeleteSelectedQuakeButton(quakeId: "large")))
      )
    }
    #expect(String(describing: QuakesReducer.Error(code: .quakeNotFound)) == "QuakesReducer.Error(code: .quakeNotFound)")
  }

  @Test func deleteAllEmptiesTheDataAndKeepsTheStatus() throws {
    let after = try QuakesReducer.reduce(
      state: self.state([.small, .large], status: .success),
      action: .ui(.quakeList(.onTapDeleteAllQuakesButton))
    )
    #expect(after == self.state([], status: .success))
  }

  @Test func localFetchSuccessMergesEveryQuakeWhateverItsMagnitude() throws {
    let zero = Fixtures.quake("zero", magnitude: 0)
    let revisedSmall = Fixtures.quake("small", magnitude: 2.7)
    let after = try QuakesReducer.reduce(
      state: self.state([.small, .large], status: .waiting),
      action: .data(.persistentSession(.localStore(.didFetchQuakes(result: .success(quakes: [revisedSmall, zero])))))
    )
    #expect(after == self.state([revisedSmall, .large, zero], status: .success))
  }

  @Test func remoteFetchSuccessMergesPositiveMagnitudesAndRemovesTheRest() throws {
    let revisedSmall = Fixtures.quake("small", magnitude: 2.7)
    let newQuake = Fixtures.quake("new", magnitude: 1)
    let largeWithoutMagnitude = Fixtures.quake("large", magnitude: 0)
    let negativeUnknown = Fixtures.quake("negative", magnitude: -0.3)
    let after = try QuakesReducer.reduce(
      state: self.state([.small, .large, .medium], status: .waiting),
      action: .data(.persistentSession(.remoteStore(.didFetchQuakes(result: .success(quakes: [
        revisedSmall, newQuake, largeWithoutMagnitude, negativeUnknown,
      ])))))
    )
    #expect(after == self.state([revisedSmall, newQuake, .medium], status: .success))
  }

  @Test func fetchFailuresSetTheFailureStatusAndKeepTheData() throws {
    let local = QuakesAction.data(.persistentSession(.localStore(.didFetchQuakes(result: .failure(error: "disk")))))
    let remote = QuakesAction.data(.persistentSession(.remoteStore(.didFetchQuakes(result: .failure(error: "timed out")))))
    let before = self.state([.small], status: .waiting)
    #expect(try QuakesReducer.reduce(state: before, action: local) == self.state([.small], status: .failure(error: "disk")))
    #expect(try QuakesReducer.reduce(state: before, action: remote) == self.state([.small], status: .failure(error: "timed out")))
  }
}
