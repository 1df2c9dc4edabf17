import Dispatch
import Foundation
import ReplShellDomain
@testable import ReplShellHost
import Synchronization
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The inspector's state tree is encoded off the main actor: while a large state is written out
/// for the page, the shell goes on running lines, so their events are never held behind it.
@Suite struct InspectedStateEncodingTests {
  @MainActor @Test(.timeLimit(.minutes(10))) func aLineRunsWhileTheInspectorEncodesTheState() async throws {
    let shell = Shell(domains: [.gatedCounter], isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    _ = try await shell.start(domain: "gated")
    let gate = EncodingGate.shared
    gate.arm()
    let tree = Task { try await shell.inspection.stateTree() }
    await gate.waitUntilEntered()
    // The encoding is held at the gate: the main actor must still run a dispatch meanwhile.
    let dispatched = await shell.run("dispatch didTapIncrementButton")
    gate.open()
    #expect(dispatched.succeeded)
    #expect(dispatched.events.contains { if case .dispatched = $0 { true } else { false } })
    let walked = try await tree.value
    #expect(!gate.timedOut, "the dispatch waited for the inspector's encoding of the state")
    // The tree is of the state when it was asked for; the next position is encoded afresh.
    #expect(try walked.children(at: [], offset: 0, limit: 10).nodes == [StateTree.Node(name: "value", summary: "0", childCount: 0, statePath: "value")])
    let next = try await shell.inspection.stateTree()
    #expect(try next.children(at: [], offset: 0, limit: 10).nodes == [StateTree.Node(name: "value", summary: "1", childCount: 0, statePath: "value")])
  }
}

/// Holds one encoding of a `GatedCounterState` until the test opens it: a stand-in for a
/// 64k-quake state that takes hundreds of milliseconds to encode. It gives up after 2 minutes,
/// long past any dispatch on a loaded machine, only so that an encoding wrongly run on the main
/// actor (which the test's dispatch then waits behind) fails the test instead of hanging the run.
final class EncodingGate: Sendable {
  static let shared = EncodingGate()
  private let flags = Mutex((armed: false, entered: false, timedOut: false))
  private let opened = DispatchSemaphore(value: 0)

  /// The next encoding waits at the gate.
  func arm() { flags.withLock { $0 = (true, false, false) } }

  /// Whether the encoding gave up waiting for `open`.
  var timedOut: Bool { flags.withLock { $0.timedOut } }

  /// Lets the held encoding go on.
  func open() { opened.signal() }

  /// Called by the encoding: waits for `open` when armed.
  func pass() {
    let armed = flags.withLock { flags in
      defer { flags.armed = false }
      if flags.armed { flags.entered = true }
      return flags.armed
    }
    guard armed else { return }
    if opened.wait(timeout: .now() + 120) == .timedOut {
      flags.withLock { $0.timedOut = true }
    }
  }

  /// Returns once an encoding waits at the gate (or, when it ran on this actor, has given up).
  func waitUntilEntered() async {
    while !flags.withLock({ $0.entered }) {
      try? await Task.sleep(for: .milliseconds(5))
    }
  }
}

/// A counter whose state's encoding passes the `EncodingGate`.
struct GatedCounterState: Encodable, Sendable {
  var value = 0

  func encode(to encoder: any Encoder) throws {
    EncodingGate.shared.pass()
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(value, forKey: .value)
  }

  private enum CodingKeys: String, CodingKey { case value }
}

extension Domain {
  /// The test counter over a `GatedCounterState`.
  static let gatedCounter = Domain(
    name: "gated", summary: "a counter whose state's encoding can be held",
    initialState: { GatedCounterState() },
    reducer: { (state: GatedCounterState, action: CounterAction) -> GatedCounterState in
      var state = state
      state.value += action == .didTapIncrementButton ? 1 : -1
      return state
    },
    actionExamples: [CounterAction.didTapIncrementButton, .didTapDecrementButton],
    selectors: [SelectorDefinition("selectValue") { { (state: GatedCounterState) in state.value } }])
}
