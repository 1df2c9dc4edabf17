import SessionProtocol
import StateValues
import Testing
@testable import ReplShellSession
@testable import Scenarios

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

  /// A report is the shell's own, but made of what the reducer and the files hold: its lines,
  /// strings, lists and depth are bounded before a page is sent it, and cutting again changes nothing.
  @Test func aReportIsBoundedInLinesStringsListsAndDepth() {
    var deep = JSONForm.string("bottom")
    for _ in 0..<40 { deep = .array([deep]) }
    let value = JSONForm.object([
      ("long", .string(String(repeating: "x", count: InspectorEventCut.actionLengthLimit + 5))),
      ("many", .array((0..<(InspectorEventCut.reportCollectionLimit + 7)).map { JSONForm.int($0) })),
      ("deep", deep),
    ])
    let lines = (0..<(InspectorEventCut.diffLineLimit + 3)).map { OutputLine(.plain, "row \($0)") }
    let cut = InspectorEventCut.shortened(.report(ReportEvent(tool: .explore, lines: lines, value: value)))
    guard case .report(let report) = cut, case .object(let members) = report.value else {
      Issue.record("not a report: \(cut)")
      return
    }
    #expect(report.lines.count == InspectorEventCut.diffLineLimit)
    #expect(report.lines.last?.text == "… 4 more lines of this report")
    #expect(members[0].value == .string(String(repeating: "x", count: InspectorEventCut.actionLengthLimit) + "…"))
    guard case .array(let many) = members[1].value else { Issue.record("not an array"); return }
    #expect(many.count == InspectorEventCut.reportCollectionLimit)
    var depth = 0
    var node = members[2].value
    while case .array(let inner) = node, let first = inner.first { node = first; depth += 1 }
    #expect(node == .null && depth == InspectorEventCut.reportDepthLimit - 1)
    #expect(InspectorEventCut.shortened(cut) == cut)
  }
}
