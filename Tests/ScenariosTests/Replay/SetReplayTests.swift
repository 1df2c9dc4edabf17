import Foundation
@testable import ReplShellHost
import SessionProtocol
import StateValues
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// A recording of a state that holds a `Set`, made where the set iterates in one order, replays
/// where it iterates in another, as in a second process: the diffs it holds are in the one order
/// the printer writes sets in, not in the order of the process that recorded them.
@MainActor @Suite(.timeLimit(.minutes(10))) struct SetReplayTests {
  @Test func aRecordingOfASetReplaysWhereTheSetIteratesDifferently() async throws {
    let recording = Shell(domains: [.testTags()], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    var events: [SessionEvent] = []
    for line in ["use tags", #"dispatch didAddTag(name: "tag25a")"#, #"dispatch didRemoveTag(name: "tag3")"#] {
      let result = await recording.run(line)
      #expect(result.succeeded, "\(result.lines)")
      events += result.events
    }
    let added = events.compactMap { event -> [OutputLine]? in
      if case .dispatched(let dispatch) = event { return dispatch.diff } else { return nil }
    }.first ?? []
    #expect(added.filter { $0.kind == .added }.map(\.text) == [#"+     "tag25a","#], "one added line: \(added.map(\.text))")

    let file = FileManager.default.temporaryDirectory.appendingPathComponent("tags-\(UUID().uuidString).jsonl")
    try events.map(SessionEventJSON.line(for:)).joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    // Best-effort cleanup of the test's own file: a failure to remove it must not hide the result.
    defer { try? FileManager.default.removeItem(at: file) }

    let replaying = Shell(domains: [.testTags(large: true)], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    let (lines, mismatch) = try await replaying.replay(contentsOf: file, name: "tags.jsonl")
    #expect(mismatch == nil, "\(mismatch?.message ?? "")")
    #expect(lines.last?.text == "replayed 2 actions of tags from tags.jsonl, listeners off: only the reducer ran")
  }
}
