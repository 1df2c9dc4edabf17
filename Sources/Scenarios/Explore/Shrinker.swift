/// Shrinks a failing sequence to a minimal one that breaks the same invariant: first it drops
/// actions (in halves, then quarters, down to one at a time), then it simplifies payloads
/// (integers toward 0 and 1, strings toward shorter and the examples' values, enum cases toward
/// the first, arrays toward fewer elements), keeping each change that still breaks it.
struct Shrinker<State: Sendable, Action: Sendable> {
  typealias Step = ExploreEngine<State, Action>.Step
  let engine: ExploreEngine<State, Action>
  let invariant: Int
  /// The most replays a shrink may take.
  var budget = 20_000
  /// How many changes were kept.
  private(set) var shrinkSteps = 0
  private var cache: [Value: Action?] = [:]

  init(engine: ExploreEngine<State, Action>, invariant: Int) {
    self.engine = engine
    self.invariant = invariant
  }

  /// The shrunk sequence.
  mutating func shrink(_ steps: [Step]) -> [Step] {
    var current = engine.replay(steps, breaking: invariant) ?? steps
    var changed = true
    while changed && budget > 0 {
      changed = false
      if dropActions(&current) { changed = true }
      if simplifyPayloads(&current) { changed = true }
      if simplifySharedValues(&current) { changed = true }
    }
    return current
  }

  private mutating func attempt(_ candidate: [Step]) -> [Step]? {
    guard budget > 0 else { return nil }
    budget -= 1
    return engine.replay(candidate, breaking: invariant)
  }

  private mutating func dropActions(_ steps: inout [Step]) -> Bool {
    var any = false
    var size = max(steps.count / 2, 1)
    while size >= 1 {
      var start = 0
      while start < steps.count {
        var candidate = steps
        candidate.removeSubrange(start..<min(start + size, steps.count))
        if let kept = attempt(candidate), kept.count < steps.count {
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
  private mutating func simplifySharedValues(_ steps: inout [Step]) -> Bool {
    let simplifier = PayloadSimplifier(symbols: engine.generator.pool.symbols, strings: engine.generator.pool.strings)
    var any = false
    for shared in Self.sharedLeaves(steps) {
      for candidate in simplifier.simpler(shared) where candidate.isSharedLeaf {
        var trial: [Step] = []
        for step in steps {
          let payload = step.payload.replacing(shared, with: candidate)
          guard let action = ExploreEngine<State, Action>.action(for: payload, cache: &cache, decode: engine.decode) else { break }
          trial.append(Step(caseIndex: step.caseIndex, payload: payload, action: action))
        }
        guard trial.count == steps.count, let kept = attempt(trial), kept.count <= steps.count else { continue }
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
    for step in steps {
      var leaves: [Value] = []
      step.payload.collectSharedLeaves(into: &leaves)
      for leaf in leaves {
        if counts[leaf] == nil { order.append(leaf) }
        counts[leaf, default: 0] += 1
      }
    }
    return order.filter { (counts[$0] ?? 0) > 1 }
  }

  private mutating func simplifyPayloads(_ steps: inout [Step]) -> Bool {
    var any = false
    var index = 0
    while index < steps.count {
      let step = steps[index]
      var improved = false
      let depth = engine.depths[step.caseIndex]
      for candidate in PayloadSimplifier(symbols: engine.generator.pool.symbols, strings: engine.generator.pool.strings)
        .simplerActions(step.payload, depth: depth)
      {
        guard let action = ExploreEngine<State, Action>.action(for: candidate, cache: &cache, decode: engine.decode) else { continue }
        var trial = steps
        trial[index] = Step(caseIndex: step.caseIndex, payload: candidate, action: action)
        if let kept = attempt(trial), kept.count <= steps.count {
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
