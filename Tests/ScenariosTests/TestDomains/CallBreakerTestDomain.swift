import ReplShellDomain
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The circuit breaker of `BreakerTestDomain` with its calls made by a listener as held side
/// effects, for `explore --guided --effects`: a person taps send, the listener calls, and the
/// call's completion or failure is what the breaker counts. Its bug takes eight failed calls in a
/// row, the timer, three completed probes and one failed call — where `explore --effects` fails a
/// held call one time in four, so eight failures in a row come about once in 65,536 tries.
enum CallBreakerAction: Codable, Equatable, Sendable {
  /// What a person does.
  enum UI: Codable, Equatable, Sendable {
    case didTapSend
    case timerDidFire
    case didTapReset
  }

  /// What the listener dispatches when a call ends.
  enum Data: Codable, Equatable, Sendable {
    case callDidEnd(succeeded: Bool)
  }

  case ui(UI)
  case data(Data)
}

/// Makes a call for each send tapped, without waiting for the one before: calls end in whatever
/// order the held effects are released.
@MainActor final class CallBreakerListener {
  private var task: Task<Void, Never>?
  private let call: @MainActor () async throws -> Void

  init(call: @escaping @MainActor () async throws -> Void) {
    self.call = call
  }

  func listen(to store: SessionStore<BreakerState, CallBreakerAction>) {
    let stream = store.makeStream()
    let call = self.call
    task = Task { [weak store] in
      for await (_, action) in stream {
        guard case .ui(.didTapSend) = action else { continue }
        Task {
          do {
            try await call()
            try? store?.dispatch(action: .data(.callDidEnd(succeeded: true)))
          } catch is CancellationError {
            return
          } catch {
            try? store?.dispatch(action: .data(.callDidEnd(succeeded: false)))
          }
        }
      }
    }
  }

  deinit {
    task?.cancel()
  }
}

extension Domain {
  static var callBreaker: Domain {
    Domain(
      name: "calls", summary: "a circuit breaker whose calls are held side effects, for explore --guided --effects",
      initialState: { BreakerState() },
      reducer: { (state: BreakerState, action: CallBreakerAction) throws -> BreakerState in
        var state = state
        switch (state.mode, action) {
        case (_, .ui(.didTapReset)):
          state = BreakerState(trippedEarly: state.trippedEarly)
        case (.open, .ui(.didTapSend)):
          throw BreakerError(description: "open: the call fails fast")
        case (_, .ui(.didTapSend)):
          break
        case (.open, .ui(.timerDidFire)):
          state.mode = .halfOpen
          state.probes = 0
        case (_, .ui(.timerDidFire)):
          throw BreakerError(description: "no timer is running")
        case (.open, .data):
          // A call that ends after the breaker opened changes nothing.
          break
        case (.closed, .data(.callDidEnd(let succeeded))):
          guard !succeeded else {
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
        case (.halfOpen, .data(.callDidEnd(let succeeded))):
          guard succeeded else {
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
        }
        return state
      },
      actionExamples: [CallBreakerAction.ui(.didTapSend), .ui(.timerDidFire), .ui(.didTapReset), .data(.callDidEnd(succeeded: true))],
      selectors: [
        SelectorDefinition("selectTrippedEarly") { { (state: BreakerState) in state.trippedEarly } },
        SelectorDefinition("selectMode") { { (state: BreakerState) in state.mode } },
      ],
      effects: DomainEffects(userActions: ["ui"]) { store, scheduler, _ in
        let listener = CallBreakerListener { try await scheduler.perform("call") {} }
        listener.listen(to: store)
        return listener
      },
      listen: { store, _ in
        let listener = CallBreakerListener {}
        listener.listen(to: store)
        return listener
      })
  }
}
