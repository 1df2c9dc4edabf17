import ReplShellDomain
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// A circuit breaker with a deep bug, for `explore --guided`'s tests (the same model as `Benchmarks/Explore/ExploreModels/Breaker.swift`): closed, it counts
/// failed requests (a status of 500 or above) in a row and opens at eight; open, it refuses requests until its timer fires and it
/// goes half-open; half-open, three good probes close it, a bad one opens it again. The bug:
/// closing after the probes forgets to clear the failure count, so the first failure after
/// closing opens it again at once. Finding it takes eight failures in a row, the timer, three
/// good probes and one failed request: thirteen actions, in that order, among resets.
enum BreakerAction: Codable, Equatable, Sendable {
  /// A request went through, answered with an HTTP status: 500 and above is a failure.
  case request(status: Int)
  case timerFired
  case manualReset
}

/// The breaker's mode and counts, and what the breaker did wrong.
struct BreakerState: Codable, Equatable, Sendable {
  enum Mode: String, Codable, CaseIterable, Sendable {
    case closed, open, halfOpen
  }

  var mode = Mode.closed
  /// The breaker's own count of failures in a row while closed.
  var failures = 0
  /// Good probes while half-open.
  var probes = 0
  /// Failures in a row since the breaker last closed, counted apart from the breaker's count.
  var streak = 0
  /// Whether it ever opened on fewer than eight failures in a row: the invariant is that it never does.
  var trippedEarly = false
}

/// Why the breaker refused an action.
struct BreakerError: Error, CustomStringConvertible {
  let description: String
}

extension Domain {
  static let breaker = Domain(
    name: "breaker", summary: "a circuit breaker whose bug takes thirteen actions in order, for explore --guided's tests",
    initialState: { BreakerState() },
    reducer: { (state: BreakerState, action: BreakerAction) throws -> BreakerState in
      var state = state
      switch (state.mode, action) {
      case (_, .manualReset):
        state = BreakerState(trippedEarly: state.trippedEarly)
      case (.closed, .request(let status)):
        guard status >= 500 else {
          state.failures = 0
          state.streak = 0
          break
        }
        state.failures += 1
        state.streak += 1
        if state.failures >= 8 {
          if state.streak < 8 { state.trippedEarly = true }
          state.mode = .open
        }
      case (.open, .request):
        throw BreakerError(description: "open: the request fails fast")
      case (.open, .timerFired):
        state.mode = .halfOpen
        state.probes = 0
      case (.halfOpen, .request(let status)):
        guard status < 500 else {
          state.mode = .open
          state.probes = 0
          break
        }
        state.probes += 1
        if state.probes == 3 {
          // The bug: `state.failures = 0` is missing.
          state.mode = .closed
          state.probes = 0
          state.streak = 0
        }
      case (.closed, .timerFired), (.halfOpen, .timerFired):
        throw BreakerError(description: "no timer is running")
      }
      return state
    },
    actionExamples: [BreakerAction.request(status: 200), .request(status: 503), .timerFired, .manualReset],
    selectors: [
      SelectorDefinition("selectTrippedEarly") { { (state: BreakerState) in state.trippedEarly } },
      SelectorDefinition("selectMode") { { (state: BreakerState) in state.mode } },
      SelectorDefinition("selectFailures") { { (state: BreakerState) in state.failures } },
    ])
}
