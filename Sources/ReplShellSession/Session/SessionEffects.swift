import ReplShellDomain
import StateValues
/// The listeners' side effects of a session: what holds them (`use <domain> --effects`), the ones
/// completed or failed so far, and what `explore --effects` and `shrink` need to run the listeners
/// afresh.
@MainActor public final class SessionEffects<State: Sendable, Action: Sendable> {
  /// The domain's name, for errors.
  private let domainName: String
  /// How the domain runs its listeners with held effects, for `explore --effects`; nil when it cannot.
  public var domainEffects: DomainEffects<State, Action>?
  /// What the domain was started with, for the listeners `explore --effects` starts in each run.
  public var startContext: DomainContext?
  /// What holds the listeners' side effects in a session started with `--effects`; nil otherwise.
  public var effectScheduler: EffectScheduler?
  /// The held effects completed or failed in this session (`complete N`, `fail N`), in order,
  /// each after the history entry that was last then: what `shrink` replays beside the dispatches.
  public var releasedEffects: [ReleasedEffect] = []

  /// The effects of a session of `domainName`: none held until a scheduler is given.
  init(domainName: String) {
    self.domainName = domainName
  }

  /// Whether a side effect is held now.
  var isHolding: Bool { !(effectScheduler?.pending.isEmpty ?? true) }

  /// Whether `shrink` replays with held effects: the session was started with `--effects`, so
  /// what it recorded is the dispatches typed and the held effects completed or failed between them.
  public var shrinksWithEffects: Bool { effectScheduler != nil && domainEffects != nil }

  /// The effects held now; an error that says how to hold them in a session that does not.
  public func heldEffects() throws(CommandError) -> [EffectScheduler.Effect] {
    try requireScheduler().pending
  }

  /// Completes (or fails) held effect `number`, noting it after the history entry `afterSerial`;
  /// the caller then waits for what the listeners do with it.
  func release(effect number: Int, failing: Bool, column: Int, afterSerial after: Int) throws(CommandError) {
    let scheduler = try requireScheduler()
    guard let effect = scheduler.pending.first(where: { $0.number == number }) else {
      let held = scheduler.pending.map { "#\($0.number)" }
      throw CommandError(
        "no effect #\(number) is held; " + (held.isEmpty ? "none is (`effects` lists them)" : "held: \(held.joined(separator: ", "))"),
        column: column)
    }
    if failing, !effect.canFail {
      throw CommandError("#\(number) \(effect.label) cannot fail: the domain says so; `complete \(number)` lets it go on", column: column)
    }
    if failing { scheduler.fail(number) } else { scheduler.complete(number) }
    releasedEffects.append(ReleasedEffect(afterSerial: after, number: number, label: effect.label, failing: failing))
  }

  private func requireScheduler() throws(CommandError) -> EffectScheduler {
    if let effectScheduler { return effectScheduler }
    if domainEffects != nil {
      throw CommandError("this session runs its side effects freely: start it with `use \(domainName) --effects` to hold them")
    }
    throw CommandError("\(domainName) cannot hold its side effects: its registration gives no `effects:` (see README, \"Races\")")
  }
}
