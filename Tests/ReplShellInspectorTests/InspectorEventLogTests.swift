import Foundation
import Scenarios
import SessionProtocol
import StateValues
import Testing
@testable import ReplShellInspector

/// The events the server keeps and sends: numbered, with their history entry, the last `limit`
/// kept for later pages, long diffs cut.
@Suite(.timeLimit(.minutes(10))) struct InspectorEventLogTests {
  static func dispatch(_ number: Int, diffLines: Int = 1) -> SessionEvent {
    .dispatched(DispatchEvent(
      action: "didTapIncrementButton", origin: .user,
      diff: (0..<diffLines).map { OutputLine(.plain, "line \($0)") }, entry: number))
  }

  @Test func eventsAreNumberedAndCarryTheirEntry() throws {
    let log = InspectorEventLog(limit: 10)
    log.append(.command(CommandEvent(line: "dispatch didTapIncrementButton", domain: "counter")))
    log.append(Self.dispatch(1))
    let attached = log.attach()
    #expect(attached.dropped == 0)
    #expect(attached.backlog.count == 2)
    let second = try #require(JSONSerialization.jsonObject(with: Data(attached.backlog[1].utf8)) as? [String: Any])
    #expect(second["seq"] as? Int == 2)
    #expect(second["entry"] as? Int == 1)
    #expect((second["event"] as? [String: Any])?["action"] as? String == "didTapIncrementButton")
    #expect(second["sent"] is Double)
  }

  @Test func onlyTheLastEventsAreKeptAndLaterOnesGoLive() async throws {
    let log = InspectorEventLog(limit: 100)
    for number in 1...1_000 { log.append(Self.dispatch(number)) }
    let attached = log.attach()
    #expect(attached.backlog.count == 100)
    #expect(attached.dropped == 900)
    #expect(attached.backlog.first?.contains("\"seq\": 901,") == true)
    log.append(Self.dispatch(1_001))
    log.finish()
    var live: [String] = []
    for await item in attached.live { live.append(item.json) }
    #expect(live.count == 1)
    #expect(live.first?.contains("\"seq\": 1001,") == true)
  }

  @Test func aDiffLongerThanTheLimitIsCutAndSaysSo() throws {
    let log = InspectorEventLog(limit: 10)
    log.append(Self.dispatch(1, diffLines: InspectorEventLog.diffLineLimit + 500))
    let json = try #require(log.attach().backlog.first)
    let event = try #require((JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["event"] as? [String: Any])
    let diff = try #require(event["diff"] as? [String])
    #expect(diff.count == InspectorEventLog.diffLineLimit)
    #expect(diff.last == "… 501 more lines of this diff: type `diff` in the shell for all of it")
  }
}
