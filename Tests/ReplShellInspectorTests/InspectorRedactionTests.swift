import Foundation
import ReplShellHost
import ReplShellSession
import SampleDomains
import Scenarios
import TestSupport
import Testing
@testable import ReplShellInspector

/// The page is sent what the transcript shows: each event with the shell's redactions (the
/// domain's volatile patterns and those `redact` switched on) as they stood when it was emitted.
@Suite(.timeLimit(.minutes(10))) struct InspectorRedactionTests {
  @MainActor @Test func eventsAreRedactedAsTheTranscriptShowsThem() async throws {
    let shell = Shell(domains: [.counter], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    let log = InspectorEventLog(limit: 100)
    let stream = shell.events.subscribeRedactable()
    var transcript: [String] = []
    for line in ["use counter", "dispatch didTapIncrementButton", "redact /value: \\d+/ as [value]", "dispatch didTapIncrementButton", "state"] {
      let result = await shell.run(line, echoesCommands: true)
      #expect(result.succeeded, "\(line): \(result.lines.map(\.text))")
      transcript += result.lines.map(\.text)
    }
    await shell.close()
    await log.follow(stream)
    let events = try log.attach().backlog.map { json in
      try #require((JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["event"] as? [String: Any])
    }
    let diffs = events.compactMap { $0["diff"] as? [String] }
    // Before `redact`, as printed; after it, redacted, in the page as in the transcript.
    #expect(diffs == [
      ["  CounterState(", "-   value: 0", "+   value: 1", "  )"],
      ["  CounterState(", "-   [value]", "+   [value]", "  )"],
    ])
    #expect(transcript.contains("-   value: 0"))
    #expect(transcript.contains("-   [value]"))
    #expect(!transcript.contains("-   value: 1"))
    // What `state` printed, and the command lines as written.
    let output = events.filter { $0["event"] as? String == "output" }.compactMap { $0["lines"] as? [Any] }.last
    #expect(String(describing: output ?? []).contains("[value]"))
    #expect(!String(describing: output ?? []).contains("value: 2"))
    #expect(events.contains { $0["line"] as? String == "redact /value: \\d+/ as [value]" })
  }

  @MainActor @Test func aListenersDispatchIsRedactedForThePage() async throws {
    let shell = Shell(domains: [.animals], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    let log = InspectorEventLog(limit: 100)
    let stream = shell.events.subscribeRedactable()
    let add = #"dispatch animalEditor.onTapAddAnimalButton(id: "A1", name: "Eagle", diet: .carnivorous, categoryId: "Bird")"#
    for line in ["use animals", "redact /Eagle/ as [bird]", add] {
      #expect(await shell.run(line, echoesCommands: true).succeeded, "\(line)")
    }
    await shell.close()
    await log.follow(stream)
    let events = try log.attach().backlog.map { json in
      try #require((JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["event"] as? [String: Any])
    }
    let listeners = events.filter { $0["origin"] as? String == "listener" }
    #expect(!listeners.isEmpty)
    #expect(listeners.contains { String(describing: $0["diff"] ?? "").contains("[bird]") })
    for event in events where event["event"] as? String != "command" {
      #expect(!String(describing: event).contains("Eagle"), "\(event)")
    }
  }
}
