import StateValues
/// `explore --guided --effects`: coverage-guided runs with the listeners running and their side
/// effects held. A step is a person's action or the completion or failure of a held effect, and a
/// completion is a transition as an action is, so a run that lands a reply in an abstract state no
/// reply landed in before — a new interleaving — is kept as a run that reaches a new state is. The
/// corpus, the energies and the changes are `GuidedExplorer`'s; the runs are `EffectsExplorer`'s,
/// one after the other on the main actor, so a seed repeats the same report.
@MainActor struct GuidedEffectsExplorer<State: Sendable, Action: Sendable> {
  typealias Engine = ExploreEngine<State, Action>

  /// Runs each plan with the listeners and held effects.
  let explorer: EffectsExplorer<State, Action>
  /// The corpus of step sequences, and how often every transition was taken.
  private var guide: GuidedExplorer<State, Action>

  /// A guided explorer whose runs `explorer` makes, from an empty corpus.
  init(explorer: EffectsExplorer<State, Action>) {
    self.explorer = explorer
    guide = GuidedExplorer(engine: explorer.engine)
  }

  /// Run `index`: a changed corpus entry then drawn steps, or drawn steps alone, up to `steps`;
  /// kept in the corpus up to its last new transition when it took one.
  mutating func run(_ index: Int, seed: UInt64, steps: Int, memo: inout Engine.Memo) async throws(CommandError) -> Engine.RunResult {
    let explorer = self.explorer
    var random = SplitMix(seed: SplitMix.runSeed(seed, run: index))
    let swarm = explorer.engine.swarm(&random)
    // With effects a run holds what a state does not carry: every plan is replayed from the start.
    let plan = guide.plan(&random).steps
    var found: [StateCoverage.Transition] = []
    let ran = try await explorer.run(index, random: &random, swarm: swarm, plan: plan, steps: steps, memo: &memo) { transition in
      guard guide.take(transition) else { return false }
      found.append(transition)
      return true
    }
    guide.note(ran.result.coverage)
    if ran.result.failure == nil, !found.isEmpty {
      guide.keep(GuidedExplorer.Entry(steps: Array(ran.accepted.prefix(ran.keptLength)), found: found))
    }
    return ran.result
  }
}
