/// `explore --guided`: coverage-guided runs, as a fuzzer keeps the inputs that reach new coverage.
/// A run that takes a transition (abstract state, action case, abstract state after) no run took
/// before is kept in a corpus, up to its last new transition. Later runs start from a corpus
/// entry, chosen with more energy the rarer the transitions it found are now, and change it —
/// one payload drawn again, an action inserted, deleted or replaced, the entry cut short, or
/// spliced onto another entry's tail — then go on with drawn actions for the rest of their steps,
/// so a run goes on from where a rare state was reached instead of hoping to reach it again.
/// One run in eight is drawn as plain `explore` draws it. The runs go one after the other (the
/// corpus is their common memory), so a seed repeats the same report.
struct GuidedExplorer<State: Sendable, Action: Sendable> {
  typealias Engine = ExploreEngine<State, Action>
  typealias Step = Engine.Step

  /// A kept run: its accepted steps up to its last new transition, and the transitions it was
  /// the first to take.
  struct Entry {
    var steps: [Step]
    var found: [StateCoverage.Transition]
  }

  let engine: Engine
  /// The kept runs, in the order they were found (`corpusLimit` at most).
  private(set) var corpus: [Entry] = []
  /// How often every transition was taken by any run so far.
  private var taken: [StateCoverage.Transition: Int] = [:]
  /// Payload decoding and described states, shared by the runs.
  private var memo = Engine.Memo()

  /// The most entries kept: past it, a new entry replaces the one of least energy.
  static var corpusLimit: Int { 1_000 }

  /// A guided explorer whose corpus starts from `seeds` (a corpus an earlier explore saved): each
  /// is run once, before the runs and outside their counts, and kept up to its last transition
  /// that no seed before it took, as a run is; one that takes none is dropped, and so is what the
  /// reducer now rejects.
  init(engine: Engine, seeds: [[Step]] = []) {
    self.engine = engine
    // Their own memo: the runs' memo must still describe every abstract state the report lists.
    var seedMemo = Engine.Memo()
    for seed in seeds.prefix(Self.corpusLimit) {
      var run = engine.startRun(0, memo: &seedMemo)
      var found: [StateCoverage.Transition] = []
      var keptLength = 0
      for step in seed {
        let outcome = engine.apply(step, to: &run, memo: &seedMemo)
        if let transition = outcome.transition {
          if taken[transition] == nil {
            found.append(transition)
            keptLength = run.accepted.count
          }
          taken[transition, default: 0] += 1
        }
        if outcome.broken != nil {
          // A seed that breaks an invariant is kept whole: the runs that start from it find the failure again.
          keptLength = run.accepted.count
          break
        }
      }
      if keptLength > 0 { corpus.append(Entry(steps: Array(run.accepted.prefix(keptLength)), found: found)) }
    }
  }

  /// The kind of change a run makes to the entry it starts from.
  enum Mutation: CaseIterable {
    case extend, redraw, insert, delete, replace, splice
  }

  /// Run `index`: a changed corpus entry then drawn actions, or drawn actions alone, up to `steps` tried.
  mutating func run(_ index: Int, seed: UInt64, steps: Int) -> Engine.RunResult {
    var random = SplitMix(seed: SplitMix.runSeed(seed, run: index))
    let swarm = engine.swarm(&random)
    var run = engine.startRun(index, memo: &memo)
    let plan = plan(&random)
    var found: [StateCoverage.Transition] = []
    var keptLength = 0
    var budget = steps
    var planned = plan.makeIterator()
    while budget > 0 {
      let step: Step
      if let next = planned.next() {
        step = next
        // A planned step is tried again: counted as generated, as a drawn one is.
        run.coverage.cases[step.caseIndex].generated += 1
      } else {
        guard !swarm.isEmpty else { break }
        guard let drawn = engine.draw(swarm[random.below(swarm.count)], &random, run: &run, memo: &memo) else {
          budget -= 1
          continue
        }
        step = drawn
      }
      budget -= 1
      let outcome = engine.apply(step, to: &run, memo: &memo)
      if let transition = outcome.transition, take(transition) {
        found.append(transition)
        keptLength = run.accepted.count
      }
      if let broken = outcome.broken {
        return Engine.RunResult(coverage: run.coverage, failure: Engine.Failure(run: index, invariant: broken, steps: run.accepted))
      }
    }
    if !found.isEmpty {
      keep(Entry(steps: Array(run.accepted.prefix(keptLength)), found: found))
    }
    return Engine.RunResult(coverage: run.coverage)
  }

  /// What run `random` belongs to starts from: a corpus entry drawn by its energy and changed
  /// once, or nothing (one run in eight, and while the corpus is empty), for drawn steps alone.
  mutating func plan(_ random: inout SplitMix) -> [Step] {
    guard !corpus.isEmpty, !random.chance(1, in: 8) else { return [] }
    return mutated(pick(&random), &random)
  }

  /// Counts `transition` as taken once more; true when no run took it before.
  mutating func take(_ transition: StateCoverage.Transition) -> Bool {
    let count = taken[transition, default: 0]
    taken[transition] = count + 1
    return count == 0
  }

  /// The energy of an entry: the rarer the transitions it found are now, the more.
  private func energy(_ entry: Entry) -> Double {
    guard !entry.found.isEmpty else { return 1 }
    return entry.found.reduce(0) { $0 + 1 / Double(max(1, taken[$1] ?? 1)) }
  }

  /// The running sums of the entries' energies, as of the last reweighing.
  private var cumulative: [Double] = []
  /// Runs since the energies were last computed: they are again every `reweighEvery` runs, not
  /// every run, so that choosing costs a binary search.
  private var runsSinceReweigh = 0
  static var reweighEvery: Int { 64 }

  private mutating func reweigh() {
    var total = 0.0
    cumulative = corpus.map { entry in
      total += energy(entry)
      return total
    }
    runsSinceReweigh = 0
  }

  /// An entry drawn in proportion to its energy.
  private mutating func pick(_ random: inout SplitMix) -> Entry {
    if cumulative.count != corpus.count || runsSinceReweigh >= Self.reweighEvery { reweigh() }
    runsSinceReweigh += 1
    let target = Double(random.next() >> 11) / Double(1 << 53) * (cumulative.last ?? 0)
    var low = 0
    var high = cumulative.count - 1
    while low < high {
      let middle = (low + high) / 2
      if cumulative[middle] <= target { low = middle + 1 } else { high = middle }
    }
    return corpus[low]
  }

  /// Keeps `entry` in the corpus: appended while there is room, else in place of a weak entry.
  mutating func keep(_ entry: Entry) {
    guard corpus.count >= Self.corpusLimit else {
      corpus.append(entry)
      // Counted at once, as the last reweighing would have: the sums stay in step with the corpus.
      cumulative.append((cumulative.last ?? 0) + energy(entry))
      return
    }
    // Full: the new entry replaces the weakest of a few, not of all (weighing all on every new
    // entry made a domain with many transitions, where most runs find one, three times slower).
    replacements += 1
    let candidates = (0..<8).map { (replacements &* 7_919 &+ $0 &* 131) % corpus.count }
    guard let weakest = candidates.min(by: { energy(corpus[$0]) < energy(corpus[$1]) }) else { return }
    let delta = energy(entry) - energy(corpus[weakest])
    corpus[weakest] = entry
    if cumulative.count == corpus.count {
      for index in weakest..<cumulative.count { cumulative[index] += delta }
    }
  }

  /// How many entries replaced others, which spreads the candidates for replacement.
  private var replacements = 0

  /// `entry`'s steps changed once. With `--effects` a step may complete or fail a held effect,
  /// named by the `id` of the step that started it: redrawn, such a step fails where it completed
  /// (or the reverse); an inserted action takes an `id` no step of the plan has, and a spliced
  /// tail's ids (and the effects its steps name) move past the head's, so that each still names
  /// the step of its own entry.
  private mutating func mutated(_ entry: Entry, _ random: inout SplitMix) -> [Step] {
    var steps = entry.steps
    guard !steps.isEmpty else { return steps }
    let position = random.below(steps.count)
    switch Mutation.allCases[random.below(Mutation.allCases.count)] {
    case .extend:
      // Most often the whole entry, so that the run goes on from where it ended; else cut short.
      if random.chance(1, in: 2) { steps.removeSubrange((position + 1)...) }
    case .redraw:
      if let effect = steps[position].effect {
        steps[position] = Step(releasing: effect, failing: !steps[position].fails, id: steps[position].id)
      } else if let step = draw(steps[position].caseIndex, &random) {
        steps[position] = step.numbered(Self.freshID(in: steps))
      }
    case .insert:
      if let step = drawAny(&random) { steps.insert(step.numbered(Self.freshID(in: steps)), at: position) }
    case .delete:
      steps.remove(at: position)
    case .replace:
      if let step = drawAny(&random) { steps[position] = step.numbered(Self.freshID(in: steps)) }
    case .splice:
      let other = pick(&random)
      let head = steps.prefix(position + 1)
      let tail = other.steps.dropFirst(random.below(max(1, other.steps.count)))
      let offset = Self.freshID(in: head)
      steps = Array(head) + (tail.contains { $0.isEffect } ? tail.map { $0.moved(by: offset) } : Array(tail))
    }
    return steps
  }

  /// An `id` above every one of `steps`: the reducer alone numbers no step, so it is 1 there.
  private static func freshID(in steps: some Collection<Step>) -> Int {
    (steps.lazy.map(\.id).max() ?? 0) + 1
  }

  /// An action of any enabled case.
  private mutating func drawAny(_ random: inout SplitMix) -> Step? {
    guard !engine.enabled.isEmpty else { return nil }
    return draw(engine.enabled[random.below(engine.enabled.count)], &random)
  }

  /// An action of case `caseIndex` for a plan, counted when the plan runs (not when it is drawn).
  private mutating func draw(_ caseIndex: Int, _ random: inout SplitMix) -> Step? {
    var uncounted = ExploreCoverage(caseCount: engine.templates.count)
    guard let (payload, action) = engine.generate(caseIndex, &random, cache: &memo.cache, coverage: &uncounted) else { return nil }
    return Step(caseIndex: caseIndex, payload: payload, action: action)
  }
}

extension ExploreScheduler {
  /// `explore --guided`: the runs one after the other on one core, through one corpus, so that a
  /// seed repeats the same report; the coverage counts every run up to the first failing one.
  /// `corpus` is where the corpus starts (`--corpus`); the result holds the corpus as the runs left it.
  static func runGuided<State: Sendable, Action: Sendable>(
    _ engine: ExploreEngine<State, Action>, runs: ShardRuns, steps: Int, seed: UInt64, corpus: [[ExploreEngine<State, Action>.Step]] = [],
    deadline: ContinuousClock.Instant?, shared: Shared
  ) -> Result<State, Action> {
    defer { shared.finished.store(true, ordering: .relaxed) }
    var guided = GuidedExplorer(engine: engine, seeds: corpus)
    var coverage = ExploreCoverage(caseCount: engine.templates.count, requirementCount: engine.requirements.count)
    func result(failure: ExploreEngine<State, Action>.Failure?, timedOut: Bool) -> Result<State, Action> {
      Result(coverage: coverage, failure: failure, timedOut: timedOut, corpus: guided.corpus.map(\.steps))
    }
    for position in 0..<runs.count {
      if let deadline, ContinuousClock.now >= deadline { return result(failure: nil, timedOut: true) }
      if shared.stopped.load(ordering: .relaxed) { return result(failure: nil, timedOut: true) }
      let run = guided.run(runs.run(at: position), seed: seed, steps: steps)
      coverage.add(run.coverage)
      shared.runsDone.add(1, ordering: .relaxed)
      shared.stepsDone.add(run.coverage.steps, ordering: .relaxed)
      if let failure = run.failure {
        shared.failures.add(1, ordering: .relaxed)
        return result(failure: failure, timedOut: false)
      }
    }
    return result(failure: nil, timedOut: false)
  }
}
