import Foundation
import SampleDomains
import SessionProtocol
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// A redaction applies to what a listener dispatches as to what the user dispatches: in the
/// transcript and in the events `--format json` writes, one line each.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ListenerRedactionTests {
  @Test func aListenersDispatchIsRedactedInTheTranscriptAndItsEvents() async throws {
    let shell = try await startedShell("animals")
    #expect(await shell.run("redact /Eagle/ as [bird]").succeeded)
    let add = #"dispatch animalEditor.onTapAddAnimalButton(id: "A1", name: "Eagle", diet: .carnivorous, categoryId: "Bird")"#
    let result = await shell.run(add)
    #expect(result.succeeded)
    let listeners = result.events.compactMap { event -> DispatchEvent? in
      if case .dispatched(let dispatch) = event, dispatch.origin == .listener { dispatch } else { nil }
    }
    #expect(listeners.count == 1)
    #expect(listeners.first?.diff?.contains { $0.text.contains("[bird]") } == true)
    let printed = result.lines.map(\.text)
    #expect(!printed.contains { $0.contains("Eagle") }, "\(printed)")
    // Only the command keeps the name, as typed.
    for event in result.events {
      let json = SessionEventJSON.line(for: event)
      if case .command = event { continue }
      #expect(!json.contains("Eagle"), "\(json)")
    }
  }
}
