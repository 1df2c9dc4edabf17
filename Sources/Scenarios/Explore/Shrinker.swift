/// Shrinks a failing sequence to a minimal one that breaks the same invariant: first it drops
/// actions (in halves, then quarters, down to one at a time), then it simplifies payloads
/// (integers toward 0 and 1, strings toward shorter and the examples' values, enum cases toward
/// the first, arrays toward fewer elements), keeping each change that still breaks it. Two passes
/// take the steps one change at a time cannot: deleting an action while lowering the integers
/// of another by its own (a unit received twice and reserved and written off two at a time
/// becomes received, reserved and written off once), and lowering every integer above a value
/// to it at once (quantities that only fail together).
///
/// With `--effects` a sequence also completes and fails held effects: those steps shrink by
/// going away and by completing where they failed. They name an effect by the step that started
/// it, so deleting other steps leaves them naming the same one.
@MainActor struct Shrinker<State: Sendable, Action: Sendable> {
  typealias Step = ExploreEngine<State, Action>.Step
  let engine: ExploreEngine<State, Action>
  /// Runs a candidate from the start: the steps that applied up to the break, or nil when it does not break.
  let replay: @MainActor ([Step]) async -> [Step]?
  /// The most replays a shrink may take.
  var budget = 20_000
  /// How many changes were kept.
  private(set) var shrinkSteps = 0
  private var cache: [Value: Action?] = [:]

  /// A shrinker of the reducer alone, replaying against `invariant`.
  init(engine: ExploreEngine<State, Action>, invariant: Int) {
    self.init(engine: engine) { [engine] steps in engine.replay(steps, breaking: invariant) }
  }

  /// A shrinker whose candidates `replay` runs.
  init(engine: ExploreEngine<State, Action>, replay: @escaping @MainActor ([Step]) async -> [Step]?) {
    self.engine = engine
    self.replay = replay
  }

  /// The shrunk sequence.
  mutating func shrink(_ steps: [Step]) async -> [Step] {
    var current = await replay(steps) ?? steps
    var changed = true
    while changed && budget > 0 {
      changed = false
      if await dropActions(&current) { changed = true }
      if await simplifyPayloads(&current) { changed = true }
      if await simplifySharedValues(&current) { changed = true }
      if await deleteWhileLowering(&current) { changed = true }
      if await capIntegers(&current) { changed = true }
    }
    return current
  }

  /// The step with its payload changed by `change`, decoded; nil when it no longer decodes.
  /// An effect's number is not a payload: it stays.
  private mutating func step(_ step: Step, changedBy change: (Value) -> Value) -> Step? {
    if step.isEffect { return step }
    let payload = change(step.payload)
    guard payload != step.payload else { return step }
    guard let action = ExploreEngine<State, Action>.action(for: payload, cache: &cache, decode: engine.decode) else { return nil }
    return Step(caseIndex: step.caseIndex, payload: payload, action: action, id: step.id)
  }

  /// Deletes one action while lowering the integers of another that are above the deleted
  /// action's by that much; then the same lowering in every other action at once.
  private mutating func deleteWhileLowering(_ steps: inout [Step]) async -> Bool {
    var deleted = 0
    while deleted < steps.count && budget > 0 {
      if steps[deleted].isEffect {
        deleted += 1
        continue
      }
      var leaves: [Value] = []
      steps[deleted].payload.collectSharedLeaves(into: &leaves)
      let amounts = Set(leaves.compactMap { leaf -> Int? in if case .int(let number) = leaf, number > 0 { number } else { nil } }).sorted()
      var kept: [Step]?
      search: for amount in amounts {
        let lower = { (value: Value) in value.mappingIntegers { $0 > amount ? $0 - amount : $0 } }
        var rest = steps
        rest.remove(at: deleted)
        for target in rest.indices.map(Optional.some) + [nil] {
          var trial = rest
          for index in trial.indices where target == nil || index == target {
            guard let lowered = step(trial[index], changedBy: lower) else { continue search }
            trial[index] = lowered
          }
          if let found = await attempt(trial), found.count < steps.count {
            kept = found
            break search
          }
        }
      }
      if let kept {
        steps = kept
        shrinkSteps += 1
        return true
      }
      deleted += 1
    }
    return false
  }

  /// Lowers every integer above a value to that value at once, for each positive value the
  /// payloads hold, smallest first.
  private mutating func capIntegers(_ steps: inout [Step]) async -> Bool {
    var leaves: [Value] = []
    for step in steps where !step.isEffect { step.payload.collectSharedLeaves(into: &leaves) }
    let integers = leaves.compactMap { leaf -> Int? in if case .int(let number) = leaf { number } else { nil } }
    guard let largest = integers.max() else { return false }
    for cap in Set(integers.filter { $0 > 0 && $0 < largest }).union([1]).sorted() where cap < largest {
      var trial: [Step] = []
      for original in steps {
        guard let capped = step(original, changedBy: { $0.mappingIntegers { $0 > cap ? cap : $0 } }) else { break }
        trial.append(capped)
      }
      guard trial.count == steps.count, let kept = await attempt(trial), kept.count <= steps.count else { continue }
      steps = kept
      shrinkSteps += 1
      return true
    }
    return false
  }

  private mutating func attempt(_ candidate: [Step]) async -> [Step]? {
    guard budget > 0 else { return nil }
    budget -= 1
    return await replay(candidate)
  }

  private mutating func dropActions(_ steps: inout [Step]) async -> Bool {
    var any = false
    var size = max(steps.count / 2, 1)
    while size >= 1 {
      var start = 0
      while start < steps.count {
        var candidate = steps
        candidate.removeSubrange(start..<min(start + size, steps.count))
        if let kept = await attempt(candidate), kept.count < steps.count {
          steps = kept
          shrinkSteps += 1
          any = true
        } else {
          start += size
        }
      }
      size /= 2
    }
    return any
  }

  /// Simplifies a string or integer everywhere it appears at once: an account opened and then
  /// drawn from shrinks only when both actions name the simpler account.
  private mutating func simplifySharedValues(_ steps: inout [Step]) async -> Bool {
    let simplifier = PayloadSimplifier(symbols: engine.generator.pool.symbols, strings: engine.generator.pool.strings)
    var any = false
    for shared in Self.sharedLeaves(steps) {
      for candidate in simplifier.simpler(shared) where candidate.isSharedLeaf {
        var trial: [Step] = []
        for step in steps {
          if step.isEffect {
            trial.append(step)
            continue
          }
          let payload = step.payload.replacing(shared, with: candidate)
          guard let action = ExploreEngine<State, Action>.action(for: payload, cache: &cache, decode: engine.decode) else { break }
          trial.append(Step(caseIndex: step.caseIndex, payload: payload, action: action, id: step.id))
        }
        guard trial.count == steps.count, let kept = await attempt(trial), kept.count <= steps.count else { continue }
        steps = kept
        shrinkSteps += 1
        any = true
        break
      }
    }
    return any
  }

  /// The strings and integers that appear more than once in the payloads, in order of appearance.
  private static func sharedLeaves(_ steps: [Step]) -> [Value] {
    var counts: [Value: Int] = [:]
    var order: [Value] = []
    for step in steps where !step.isEffect {
      var leaves: [Value] = []
      step.payload.collectSharedLeaves(into: &leaves)
      for leaf in leaves {
        if counts[leaf] == nil { order.append(leaf) }
        counts[leaf, default: 0] += 1
      }
    }
    return order.filter { (counts[$0] ?? 0) > 1 }
  }

  /// Simpler forms of a step: its payload simplified, or for an effect, completing it where it
  /// failed and then naming each earlier effect.
  private mutating func simplerSteps(_ step: Step) -> [Step] {
    if let effect = step.effect {
      return step.fails ? [Step(releasing: effect, failing: false, id: step.id)] : []
    }
    return PayloadSimplifier(symbols: engine.generator.pool.symbols, strings: engine.generator.pool.strings)
      .simplerActions(step.payload, depth: engine.depths[step.caseIndex])
      .compactMap { candidate in
        ExploreEngine<State, Action>.action(for: candidate, cache: &cache, decode: engine.decode)
          .map { Step(caseIndex: step.caseIndex, payload: candidate, action: $0, id: step.id) }
      }
  }

  private mutating func simplifyPayloads(_ steps: inout [Step]) async -> Bool {
    var any = false
    var index = 0
    while index < steps.count {
      let step = steps[index]
      var improved = false
      for candidate in simplerSteps(step) {
        var trial = steps
        trial[index] = candidate
        if let kept = await attempt(trial), kept.count <= steps.count {
          steps = kept
          shrinkSteps += 1
          any = true
          improved = true
          break
        }
      }
      // The same step again while it simplifies; the next otherwise.
      if !improved { index += 1 } else if index >= steps.count { break }
    }
    return any
  }
}
