import Foundation
import ReplShellDomain
@testable import ReplShellHost
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// A domain whose actions carry what real apps stamp: identifiers, times, paths.
enum StampAction: Codable, Equatable, Sendable {
  case didStamp(note: String)
  case timer(TimerAction)
}

/// The nested cases of `StampAction.timer`, for hiding by prefix.
enum TimerAction: Codable, Equatable, Sendable {
  case didTick
}

/// The notes stamped so far, and how many ticks.
struct StampState: Codable, Equatable, Sendable {
  var notes: [String] = []
  var ticks = 0
}

extension Domain {
  /// The stamp domain; `volatile` is what its registration declares.
  static func stamps(volatile: [Redaction] = []) -> Domain {
    Domain(
      name: "stamps", summary: "notes with identifiers and times in them",
      initialState: { StampState() },
      reducer: { (state: StampState, action: StampAction) -> StampState in
        var state = state
        switch action {
        case .didStamp(let note): state.notes.append(note)
        case .timer(.didTick): state.ticks += 1
        }
        return state
      },
      actionExamples: [StampAction.didStamp(note: "a"), .timer(.didTick)],
      selectors: [SelectorDefinition<StampState, StampAction>](), volatile: volatile)
  }
}

/// A script-mode shell over the stamp domain, started.
@MainActor func stampShell(volatile: [Redaction] = []) async throws -> Shell {
  let shell = Shell(domains: [.stamps(volatile: volatile)], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
  _ = try await shell.start(domain: "stamps")
  return shell
}
