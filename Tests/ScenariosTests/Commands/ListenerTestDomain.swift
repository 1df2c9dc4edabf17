import Foundation
import Logging
import ReplShellDomain
@testable import ReplShellHost
import StateValues
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The actions of a domain whose listener answers, logs and fails on cue.
enum SignalAction: Codable, Equatable, Sendable {
  case ping
  case pong
  /// The listener answers with `refused`, which the reducer rejects.
  case provoke
  case refused
  /// The listener logs a warning and an error, and a debug line.
  case warn
  /// The listener answers with `unlisted`, twice: a case missing from the examples.
  case hideAndSeek
  case unlisted
}

/// A value that cannot be printed: its encoding always throws.
struct Unprintable: Codable, Equatable, Sendable {
  struct Refusal: Error {}
  func encode(to encoder: any Encoder) throws { throw Refusal() }
}

/// An action with an example that cannot be printed.
enum BrokenAction: Codable, Equatable, Sendable {
  case carry(Unprintable)
}

/// Keeps the listener's task alive while the session runs.
final class SignalListener: Sendable {
  let task: Task<Void, Never>
  init(task: Task<Void, Never>) { self.task = task }
  deinit { task.cancel() }
}

extension Domain {
  /// A domain of pings whose listener dispatches, logs and is rejected on cue.
  static var signals: Domain {
    Domain(
      name: "signals", summary: "a listener that answers, logs and fails",
      initialState: { 0 },
      reducer: { (count: Int, action: SignalAction) throws -> Int in
        if action == .refused { throw CommandError("refused on purpose") }
        return count + 1
      },
      actionExamples: [.ping, .pong, .provoke, .refused, .warn, .hideAndSeek],
      selectors: [SelectorDefinition("selectCount") { { (count: Int) in count } }],
      // A guard, not a measure: the listener answers at once, but in the full parallel run its
      // answer can wait over a minute for the main actor on 2 cores.
      settleTimeout: .seconds(600),
      listen: { store, context in
        let stream = store.makeStream()
        let logger = context.logger
        let task = Task { @MainActor in
          for await (_, action) in stream {
            switch action {
            case .ping: try? store.dispatch(action: .pong)
            case .provoke: try? store.dispatch(action: .refused)
            case .hideAndSeek:
              try? store.dispatch(action: .unlisted)
              try? store.dispatch(action: .unlisted)
            case .warn:
              logger.debug("a detail")
              logger.warning("running low")
              logger.error("ran out")
            default: break
            }
          }
        }
        return SignalListener(task: task)
      })
  }

  /// A domain whose one action example cannot be printed.
  static var broken: Domain {
    Domain(
      name: "broken", summary: "an example that cannot be printed",
      initialState: { 0 }, reducer: { (count: Int, _: BrokenAction) in count },
      actionExamples: [.carry(Unprintable())], selectors: [SelectorDefinition<Int, BrokenAction>]())
  }
}

/// A script-mode shell over the signals and broken domains, with signals started.
@MainActor func signalShell() async throws -> Shell {
  let shell = Shell(domains: [.signals, .broken], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
  _ = try await shell.start(domain: "signals")
  return shell
}
