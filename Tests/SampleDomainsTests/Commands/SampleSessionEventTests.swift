import Foundation
import SessionProtocol
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// Session events over the Animals sample, whose listener dispatches what its persistent store
/// answers and whose reducer rejects actions with its own error.
@MainActor @Suite(.timeLimit(.minutes(10))) struct SampleSessionEventTests {
  /// The dispatch events of `events`.
  private func dispatches(_ events: [SessionEvent]) -> [DispatchEvent] {
    events.compactMap { if case .dispatched(let dispatch) = $0 { dispatch } else { nil } }
  }

  @Test func whatListenersDispatchFollowsAsTheirEventsAndDiffRendersThemAll() async throws {
    let shell = try await startedShell("animals")
    let result = await shell.run("dispatch categoryList.onAppear")
    let origins = dispatches(result.events).map(\.origin)
    #expect(origins.first == .user)
    #expect(origins.dropFirst().allSatisfy { $0 == .listener } && origins.count > 1)
    #expect(result.events.last == .settled(SettleEvent(requested: false)))
    let texts = result.lines.map(\.text)
    #expect(texts.contains("↳ data.persistentSession.didFetchCategories(…)   (listener)"))
    #expect(await shell.texts("diff") == texts)
  }

  @Test func anExpectErrorThatIsRejectedPrintsOnlyItsNote() async throws {
    let shell = try await startedShell("animals")
    let result = await shell.run(#"expect error animalList.onTapDeleteSelectedAnimalButton(animalId: "Dog")"#)
    #expect(result.lines.map(\.text) == ["rejected as expected: AnimalsReducer.Error(code: .animalNotFound)"])
    // An assertion dispatches nothing: no dispatch event, rejected or not.
    #expect(dispatches(result.events).isEmpty)
  }

  @Test func eachEventIsOneLineOfValidJSON() async throws {
    let shell = try await startedShell("animals")
    _ = await shell.run("debug effects on")
    let result = await shell.run("dispatch categoryList.onAppear")
    for event in result.events {
      let line = SessionEventJSON.line(for: event)
      #expect(!line.contains("\n"))
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["event"] is String)
    }
    let first = try #require(result.events.first { if case .dispatched = $0 { true } else { false } })
    #expect(SessionEventJSON.line(for: first).hasPrefix(#"{"event": "dispatched", "action": "ui.categoryList.onAppear", "origin": "user", "diff": ["#))
  }
}
