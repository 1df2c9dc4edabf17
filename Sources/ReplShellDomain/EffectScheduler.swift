import ImmutableData

/// Holds the side effects of a domain's listeners until it is told to complete or fail each one:
/// the seam `explore --effects` and `use <domain> --effects` drive. A domain routes every query,
/// mutation or fetch of its in-memory persistence through `perform`; the listener code that
/// awaits them stays as it is.
///
/// Everything runs on the main actor: the scheduler, the in-memory seam, and the listeners'
/// tasks, which start in a lane of `MainSerialExecution` whose jobs all run there, in order. So
/// the order in which held effects are made, and what runs after one completes, depends only on
/// the order the scheduler completes them in — the same seed gives the same run. Work a listener
/// sends off its tasks (`Task.sleep`, `Task.detached`, a real network call) is outside its
/// control: it completes when it completes, and a run that depends on it is not repeatable.
@MainActor public final class EffectScheduler {
  /// An effect a listener awaits, held until `complete` or `fail` lets it go on.
  public struct Effect: Sendable, Equatable {
    /// Its number: 1 for the session's (or the run's) first effect, then on in the order they were made.
    public let number: Int
    /// What it does, as the domain describes it: `fetchAnimalsQuery`, `search(query: "ab")`.
    public let label: String
    /// Whether the domain can fail it (a query can; an in-memory read that cannot fail says so).
    public let canFail: Bool
  }

  private enum Outcome {
    case complete, fail, cancel
  }

  private var held: [(effect: Effect, continuation: CheckedContinuation<Outcome, Never>)] = []
  private var nextNumber = 1
  /// Effects made, completed and failed: moves whenever an effect changes hands.
  private var transitions = 0
  /// The listeners' streams, whose progress `settle` watches beside the effects.
  private let activity: StreamActivity?
  /// The serialized tasks the listeners run in, whose jobs `settle` counts.
  public let lane: MainSerialExecution.Lane

  /// A scheduler watching the listener streams `activity` counts and the jobs of `lane`.
  package init(activity: StreamActivity?, lane: MainSerialExecution.Lane) {
    self.activity = activity
    self.lane = lane
  }

  /// The effects held now, oldest first.
  public var pending: [Effect] { held.map(\.effect) }

  /// Holds the effect `label` until the scheduler completes it, then runs `work` and returns its
  /// result; throws `ScheduledEffectFailure` when the scheduler fails it instead (only when
  /// `canFail`), and `CancellationError` when the session ends first.
  public func perform<Result>(
    _ label: String, canFail: Bool = true, _ work: () async throws -> Result
  ) async throws -> Result {
    let effect = Effect(number: nextNumber, label: label, canFail: canFail)
    nextNumber += 1
    transitions += 1
    let outcome = await withCheckedContinuation { continuation in
      held.append((effect, continuation))
    }
    switch outcome {
    case .complete: return try await work()
    case .fail: throw ScheduledEffectFailure(effect: effect)
    case .cancel: throw CancellationError()
    }
  }

  /// Lets held effect `number` complete; false when no such effect is held.
  @discardableResult
  public func complete(_ number: Int) -> Bool {
    release(number, .complete)
  }

  /// Fails held effect `number`; false when no such effect is held or it cannot fail.
  @discardableResult
  public func fail(_ number: Int) -> Bool {
    guard held.first(where: { $0.effect.number == number })?.effect.canFail == true else { return false }
    return release(number, .fail)
  }

  /// Ends every held effect with a cancellation, so that no listener task waits forever.
  public func cancelAll() {
    let ended = held
    held.removeAll()
    for entry in ended { entry.continuation.resume(returning: .cancel) }
  }

  private func release(_ number: Int, _ outcome: Outcome) -> Bool {
    guard let index = held.firstIndex(where: { $0.effect.number == number }) else { return false }
    let entry = held.remove(at: index)
    transitions += 1
    entry.continuation.resume(returning: outcome)
    return true
  }

  /// Returns once the listeners have stopped making progress: every job they had on the main
  /// actor has run and two more turns of it passed with no job of theirs enqueued (see
  /// `MainSerialExecution`), no element taken or finished and no effect made. What is left is
  /// waiting for its next action or for a held effect.
  ///
  /// Returns false when they were still making progress after `limit` turns (a listener that
  /// dispatches forever).
  @discardableResult
  public func settle(limit: Int = 100_000) async -> Bool {
    var quietTurns = 0
    var last = progress
    var turns = 0
    while quietTurns < 2 {
      turns += 1
      if turns > limit { return false }
      await Task.yield()
      let now = progress
      if now == last {
        quietTurns += 1
      } else {
        quietTurns = 0
        last = now
      }
    }
    return true
  }

  private var progress: Int {
    transitions &+ (activity?.changes ?? 0) &+ lane.jobsEnqueued
  }
}
