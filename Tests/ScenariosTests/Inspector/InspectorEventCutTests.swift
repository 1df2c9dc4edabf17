@testable import Scenarios
@testable import ReplShellSession
import Testing

/// What an inspector is sent of a long event, and what a session keeps for a page that connects
/// later: the same cut event, never the whole diff.
@Suite struct InspectorEventCutTests {
  private func dispatch(diffLines: Int) -> SessionEvent {
    .dispatched(DispatchEvent(
      action: "didFetch", origin: .user, diff: (0..<diffLines).map { OutputLine(.added, "+ line \($0)") }, rejection: nil,
      isHidden: false, entry: 1))
  }

  private func diff(of event: SessionEvent) -> [OutputLine] {
    guard case .dispatched(let dispatch) = event else { return [] }
    return dispatch.diff ?? []
  }

  @Test func aLongDiffIsCutToTheLimitAndCuttingAgainChangesNothing() {
    let cut = InspectorEventCut.shortened(dispatch(diffLines: InspectorEventCut.diffLineLimit + 10))
    #expect(diff(of: cut).count == InspectorEventCut.diffLineLimit)
    #expect(diff(of: cut).last?.text == "… 11 more lines of this diff: type `diff` in the shell for all of it")
    #expect(InspectorEventCut.shortened(cut) == cut)
    let whole = dispatch(diffLines: InspectorEventCut.diffLineLimit)
    #expect(InspectorEventCut.shortened(whole) == whole)
  }

  @Test func theEventsKeptForALatePageAreCut() {
    let stream = SessionEventStream()
    stream.keepRecent(5)
    stream.emit(dispatch(diffLines: 50_000))
    let (recent, _) = stream.subscribeRedactable(withRecent: 5)
    #expect(recent.count == 1)
    #expect(recent.first.map { diff(of: $0.event).count } == InspectorEventCut.diffLineLimit)
  }
}
