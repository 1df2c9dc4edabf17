extension DomainSession {
  /// The effects held now; an error that says how to hold them in a session that does not.
  package func heldEffects() throws(CommandError) -> [EffectScheduler.Effect] {
    try requireScheduler().pending
  }

  /// Completes (or fails) held effect `number`, then waits for what the listeners do with it.
  package func release(effect number: Int, failing: Bool, column: Int) async throws(CommandError) {
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
    let after = history.position > 0 ? history.entries[history.position - 1].serial : 0
    if failing { scheduler.fail(number) } else { scheduler.complete(number) }
    releasedEffects.append(ReleasedEffect(afterSerial: after, number: number, label: effect.label, failing: failing))
    try await settle(requested: false)
  }

  private func requireScheduler() throws(CommandError) -> EffectScheduler {
    if let effectScheduler { return effectScheduler }
    if domainEffects != nil {
      throw CommandError("this session runs its side effects freely: start it with `use \(domainName) --effects` to hold them")
    }
    throw CommandError("\(domainName) cannot hold its side effects: its registration gives no `effects:` (see README, \"Races\")")
  }
}
