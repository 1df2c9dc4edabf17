import StateValues
/// Shrinks what `explore` found with the one sequence shrinker (`SequenceShrinker`), the same
/// passes `shrink` runs on a recording: each step is a unit of its own.
///
/// With `--effects` a sequence also completes and fails held effects: those steps shrink by
/// going away and by completing where they failed. They name an effect by the step that started
/// it, so deleting other steps leaves them naming the same one.
@MainActor struct Shrinker<State: Sendable, Action: Sendable> {
  typealias Step = ExploreEngine<State, Action>.Step
  let engine: ExploreEngine<State, Action>
  /// Runs a candidate from the start: the steps that applied up to the break, or nil when it does not break.
  let replay: @MainActor ([Step]) async throws(CommandError) -> [Step]?
  /// The most replays a shrink may take.
  var budget = 20_000
  /// How many changes were kept.
  private(set) var shrinkSteps = 0

  /// A shrinker of the reducer alone, replaying against `invariant`.
  init(engine: ExploreEngine<State, Action>, invariant: Int) {
    self.init(engine: engine) { [engine] steps in engine.replay(steps, breaking: invariant) }
  }

  /// A shrinker whose candidates `replay` runs.
  init(engine: ExploreEngine<State, Action>, replay: @escaping @MainActor ([Step]) async throws(CommandError) -> [Step]?) {
    self.engine = engine
    self.replay = replay
  }

  /// The shrunk sequence.
  mutating func shrink(_ steps: [Step]) async throws(CommandError) -> [Step] {
    // A step of the reducer alone names no effect: its number in the run is its unit.
    let numbered = steps.contains { $0.isEffect }
      ? steps : steps.enumerated().map { Step(caseIndex: $1.caseIndex, payload: $1.payload, action: $1.action, id: $0) }
    var core = SequenceShrinker(moves: Self.moves(engine), replay: replay)
    core.budget = budget
    let shrunk = try await core.shrink(numbered)
    shrinkSteps = core.shrinkSteps
    budget = core.budget
    return shrunk
  }

  /// What the shrinker may change in a step: an action's payload, simplified and decoded again;
  /// an effect that failed, completed instead.
  static func moves(_ engine: ExploreEngine<State, Action>) -> SequenceShrinker<Step>.Moves {
    let decoder = PayloadDecoder<Action>(decode: engine.decode)
    let simplifier = PayloadSimplifier(symbols: engine.generator.pool.symbols, strings: engine.generator.pool.strings)
    return SequenceShrinker<Step>.Moves(
      unit: \.id,
      payload: { $0.isEffect ? nil : $0.payload },
      withPayload: { step, payload in
        decoder.action(for: payload).map { Step(caseIndex: step.caseIndex, payload: payload, action: $0, id: step.id) }
      },
      simpler: { step in
        if let effect = step.effect {
          return step.fails ? [Step(releasing: effect, failing: false, id: step.id)] : []
        }
        return simplifier.simplerActions(step.payload, depth: engine.depths[step.caseIndex]).compactMap { candidate in
          decoder.action(for: candidate).map { Step(caseIndex: step.caseIndex, payload: candidate, action: $0, id: step.id) }
        }
      },
      simplerLeaf: { simplifier.simpler($0) },
      redirected: { step, removed, rest in
        // A completion of an effect the removed step started, or one no step left started (a
        // replay then completes the oldest held effect with its label, which may be the removed
        // step's): of the like effect (its ordinal and label) another step started instead, the
        // nearest first.
        guard let effect = step.effect, effect.step == removed || !rest.contains(where: { $0.id == effect.step }) else { return [] }
        return rest.filter { $0.id != step.id && $0.id != removed }.map(\.id).sorted { abs($0 - removed) < abs($1 - removed) }.map { other in
          Step(releasing: EffectReference(step: other, ordinal: effect.ordinal, label: effect.label), failing: step.fails, id: step.id)
        }
      })
  }
}

/// Decodes payloads into actions, each payload once: the shrinker tries the same ones many times.
@MainActor final class PayloadDecoder<Action> {
  private let decode: (Value) -> Action?
  private var cache: [Value: Action?] = [:]

  init(decode: @escaping (Value) -> Action?) {
    self.decode = decode
  }

  /// The action `payload` decodes to; nil when it does not.
  func action(for payload: Value) -> Action? {
    if let known = cache[payload] { return known }
    let decoded = decode(payload)
    if cache.count >= 65_536 { cache.removeAll(keepingCapacity: true) }
    cache[payload] = .some(decoded)
    return decoded
  }
}
