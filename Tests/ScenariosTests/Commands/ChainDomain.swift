import Foundation
import ReplShellDomain
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The actions of a domain whose listener answers in a chain: `start` leads to `step(n: 1)`,
/// each step below 3 to the next, and `spawn` to `spawned`, dispatched from a task the listener
/// starts and awaits.
enum ChainAction: Codable, Equatable, Sendable {
  case start
  case step(n: Int)
  case spawn
  case spawned
  case rename(name: String)
}

/// The chain's state: the steps taken, in order; how many spawned actions arrived; a name.
struct ChainState: Equatable, Sendable {
  var steps: [Int] = []
  var spawned = 0
  var name = "first"
}

/// Keeps the chain's listener task alive while the session runs.
final class ChainListener: Sendable {
  let task: Task<Void, Never>
  init(task: Task<Void, Never>) { self.task = task }
  deinit { task.cancel() }
}

extension Domain {
  /// A domain whose listener dispatches a chain of actions, each caused by the one before.
  static var chain: Domain {
    Domain(
      name: "chain", summary: "a listener that answers in a chain",
      initialState: { ChainState() },
      reducer: { (state: ChainState, action: ChainAction) -> ChainState in
        var state = state
        switch action {
        case .start, .spawn: break
        case .step(let n): state.steps.append(n)
        case .spawned: state.spawned += 1
        case .rename(let name): state.name = name
        }
        return state
      },
      actionExamples: [.start, .step(n: 1), .spawn, .spawned, .rename(name: "second")],
      selectors: [SelectorDefinition("selectSteps") { { (state: ChainState) in state.steps } }],
      listen: { store, _ in
        let stream = store.makeStream()
        // Written as the guide writes a listener: one loop over the stream, in one task.
        let task = Task { @MainActor in
          for await (_, action) in stream {
            switch action {
            case .start: try? store.dispatch(action: .step(n: 1))
            case .step(let n) where n < 3: try? store.dispatch(action: .step(n: n + 1))
            case .spawn:
              // Another task: what it dispatches has no known cause.
              await Task { @MainActor in try? store.dispatch(action: .spawned) }.value
            default: break
            }
          }
        }
        return ChainListener(task: task)
      })
  }
}
