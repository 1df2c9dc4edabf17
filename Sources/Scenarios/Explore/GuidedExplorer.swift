/// `explore --guided`: coverage-guided runs, as a fuzzer keeps the inputs that reach new coverage.
/// A run that takes a transition (abstract state, action case, abstract state after) no run took
/// before is kept in a corpus, up to its last new transition, with a mark where each new one
/// landed. Every other run goes on from the oldest mark no run has gone on from yet, as a fuzzer
/// tries a new input first. The others start from a corpus entry, drawn with more energy the less
/// often runs have entered the states its marks reached, and change it — go on from one of its
/// marks, one payload drawn again, an action inserted, repeated, deleted or replaced, the entry
/// cut short, or spliced onto another entry's tail — then go on with drawn actions for the rest
/// of their steps, so a run goes on from where a rare state was reached instead of hoping to reach
/// it again. A run that goes on from a mark starts from the state kept there (the reducer is a
/// function of state and action), so its budget goes to new steps, not to replaying old ones.
/// One run in eight is drawn as plain `explore` draws it. The runs go one after the other (the
/// corpus is their common memory), so a seed repeats the same report.
struct GuidedExplorer<State: Sendable, Action: Sendable> {
  typealias Engine = ExploreEngine<State, Action>
  typealias Step = Engine.Step

  /// Where a kept run took a transition no run took before: after how many of its steps, and the
  /// state there.
  struct Mark {
    let length: Int
    let transition: StateCoverage.Transition
    /// The run's state after `length` steps; nil when it is not kept (with `--effects` a run also
    /// holds effects a state does not carry; and only the newest marks keep theirs), and a run
    /// that goes on from the mark replays its steps.
    var snapshot: Engine.Snapshot?
  }

  /// A kept run: its accepted steps up to its last new transition, and a mark at each
  /// transition it was the first to take.
  struct Entry {
    var steps: [Step]
    var marks: [Mark]
    /// The entry's place in the order entries were kept, which names it when its place in the corpus is reused.
    var serial = 0

    init(steps: [Step], marks: [Mark]) {
      self.steps = steps
      self.marks = marks
    }

    /// An entry that is always replayed from the start: `found` all marked at its end, with no state kept.
    init(steps: [Step], found: [StateCoverage.Transition]) {
      self.init(steps: steps, marks: found.map { Mark(length: steps.count, transition: $0, snapshot: nil) })
    }
  }

  /// Where a run starts: the steps of a changed entry to try first, or, with `resume`, the
  /// steps up to one of an entry's marks and the state kept there.
  struct Plan {
    var steps: [Step] = []
    var resume: Engine.Snapshot? = nil

    init(steps: [Step] = [], resume: Engine.Snapshot? = nil) {
      self.steps = steps
      self.resume = resume
    }

    /// Going on from `mark` of `entry`: from its state when it keeps one, else replaying up to it.
    init(from entry: Entry, at mark: Mark) {
      self.init(steps: Array(entry.steps.prefix(mark.length)), resume: mark.snapshot)
    }
  }

  let engine: Engine
  /// The kept runs, in the order they were found (`corpusLimit` at most).
  private(set) var corpus: [Entry] = []
  /// How often every transition was taken by any run so far.
  private var taken: [StateCoverage.Transition: Int] = [:]
  /// How often runs entered each abstract state so far.
  private var entered: [UInt64: Int] = [:]
  /// Payload decoding and described states, shared by the runs.
  private var memo = Engine.Memo()

  /// The most entries kept: past it, a new entry replaces the one of least energy.
  static var corpusLimit: Int { 1_000 }

  /// The most marks that keep their state: a state may be large (a session's data), and every
  /// kept one is a copy of it, so the oldest entries' marks let theirs go and are replayed.
  static var snapshotLimit: Int { 64 }
  /// The entries whose marks keep their states, oldest first, by place and serial; and how many marks that is.
  private var snapshotted: [(index: Int, serial: Int)] = []
  private var snapshottedHead = 0
  private var snapshotCount = 0
  /// How many entries were kept, which numbers the next.
  private var kept = 0

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
      var marks: [Mark] = []
      var keptLength = 0
      for step in seed {
        let outcome = engine.apply(step, to: &run, memo: &seedMemo)
        if let transition = outcome.transition {
          if taken[transition] == nil {
            marks.append(Mark(length: run.accepted.count, transition: transition, snapshot: Engine.Snapshot(state: run.state, code: run.code)))
            keptLength = run.accepted.count
          }
          taken[transition, default: 0] += 1
        }
        if outcome.broken != nil {
          // A seed that breaks an invariant is kept whole, and a run that goes on from its end
          // replays it: the invariant is checked after a step, so the failure is found again.
          keptLength = run.accepted.count
          if marks.last?.length == keptLength { marks[marks.count - 1].snapshot = nil }
          break
        }
      }
      if keptLength > 0 { keep(Entry(steps: Array(run.accepted.prefix(keptLength)), marks: marks)) }
    }
  }

  /// The kind of change a run makes to the entry it starts from.
  enum Mutation: CaseIterable {
    case extend, redraw, insert, repeated, delete, replace, splice
  }

  /// Run `index`: a changed corpus entry then drawn actions, or drawn actions alone, up to `steps` tried.
  mutating func run(_ index: Int, seed: UInt64, steps: Int) -> Engine.RunResult {
    var random = SplitMix(seed: SplitMix.runSeed(seed, run: index))
    let swarm = engine.swarm(&random)
    let plan = plan(&random)
    var run: Engine.RunProgress
    var planned: IndexingIterator<[Step]>
    if let resume = plan.resume {
      run = engine.resumeRun(index, after: plan.steps, at: resume, memo: &memo)
      planned = [].makeIterator()
    } else {
      run = engine.startRun(index, memo: &memo)
      planned = plan.steps.makeIterator()
    }
    var marks: [Mark] = []
    var budget = steps
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
        marks.append(Mark(length: run.accepted.count, transition: transition, snapshot: Engine.Snapshot(state: run.state, code: run.code)))
      }
      if let broken = outcome.broken {
        return Engine.RunResult(coverage: run.coverage, failure: Engine.Failure(run: index, invariant: broken, steps: run.accepted))
      }
    }
    note(run.coverage)
    if let last = marks.last {
      keep(Entry(steps: Array(run.accepted.prefix(last.length)), marks: marks))
    }
    return Engine.RunResult(coverage: run.coverage)
  }

  /// What run `random` belongs to starts from. Every other run goes on from the oldest mark no
  /// run has gone on from yet, unchanged, while there is one: a new state is tried at once, as a
  /// fuzzer tries a new input first. The others start from a corpus entry drawn by its energy
  /// and changed once, or from nothing (one in eight, and while the corpus is empty), for drawn
  /// steps alone.
  mutating func plan(_ random: inout SplitMix) -> Plan {
    plansMade += 1
    if plansMade % 2 == 0, let (index, serial, mark) = untried.first {
      untried.removeFirst()
      // A place reused by a later entry has lost the mark.
      if corpus[index].serial == serial { return Plan(from: corpus[index], at: corpus[index].marks[mark]) }
    }
    guard !corpus.isEmpty, !random.chance(1, in: 8) else { return Plan() }
    return mutated(corpus[pick(&random)], &random)
  }

  /// Counts the abstract states a run entered, which the energies weigh.
  mutating func note(_ coverage: ExploreCoverage) {
    for (code, count) in coverage.states.states { entered[code, default: 0] += count }
  }

  /// Counts `transition` as taken once more; true when no run took it before.
  mutating func take(_ transition: StateCoverage.Transition) -> Bool {
    let count = taken[transition, default: 0]
    taken[transition] = count + 1
    return count == 0
  }

  /// The energy of an entry: the less often runs have entered the states its marks reached, the
  /// more (a run that goes on from a mark enters its state once, so a mark tried often weighs less).
  /// Weighing states, not transitions, points the runs at where they have seldom stood: a state
  /// entered once has ways out no run has tried.
  private func energy(_ entry: Entry) -> Double {
    guard !entry.marks.isEmpty else { return 1 }
    return entry.marks.reduce(0) { $0 + weight(of: $1) }
  }

  /// How much a mark weighs: one over the number of times runs entered the state it reached.
  private func weight(of mark: Mark) -> Double {
    1 / Double(max(1, entered[mark.transition.to] ?? 1))
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

  /// The index of an entry drawn in proportion to its energy.
  private mutating func pick(_ random: inout SplitMix) -> Int {
    if cumulative.count != corpus.count || runsSinceReweigh >= Self.reweighEvery { reweigh() }
    runsSinceReweigh += 1
    let target = Double(random.next() >> 11) / Double(1 << 53) * (cumulative.last ?? 0)
    var low = 0
    var high = cumulative.count - 1
    while low < high {
      let middle = (low + high) / 2
      if cumulative[middle] <= target { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Keeps `entry` in the corpus: appended while there is room, else in place of a weak entry.
  mutating func keep(_ entry: Entry) {
    var entry = entry
    kept += 1
    entry.serial = kept
    guard corpus.count >= Self.corpusLimit else {
      corpus.append(entry)
      noteSnapshots(of: corpus.count - 1)
      noteUntried(at: corpus.count - 1)
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
    snapshotCount -= corpus[weakest].marks.count { $0.snapshot != nil }
    corpus[weakest] = entry
    noteSnapshots(of: weakest)
    noteUntried(at: weakest)
    if cumulative.count == corpus.count {
      for index in weakest..<cumulative.count { cumulative[index] += delta }
    }
  }

  /// Counts the states the marks of the entry at `index` keep, and lets the oldest entries' go
  /// while more than `snapshotLimit` are kept.
  private mutating func noteSnapshots(of index: Int) {
    let count = corpus[index].marks.count { $0.snapshot != nil }
    guard count > 0 else { return }
    snapshotCount += count
    snapshotted.append((index, corpus[index].serial))
    while snapshotCount > Self.snapshotLimit, snapshottedHead < snapshotted.count - 1 {
      let (oldest, serial) = snapshotted[snapshottedHead]
      snapshottedHead += 1
      // An entry replaced since counted its marks off when it went.
      guard corpus[oldest].serial == serial else { continue }
      snapshotCount -= corpus[oldest].marks.count { $0.snapshot != nil }
      for mark in corpus[oldest].marks.indices { corpus[oldest].marks[mark].snapshot = nil }
    }
    if snapshottedHead > 1_024 {
      snapshotted.removeFirst(snapshottedHead)
      snapshottedHead = 0
    }
  }

  /// How many entries replaced others, which spreads the candidates for replacement.
  private var replacements = 0

  /// The marks no run has gone on from yet, oldest first: the entry's place and serial, and the
  /// mark's index. Only the newest `untriedLimit` wait; older ones are left to the energies.
  private var untried: [(index: Int, serial: Int, mark: Int)] = []
  static var untriedLimit: Int { 64 }
  /// How many plans were made, which takes turns between untried marks and drawn entries.
  private var plansMade = 0

  /// Queues the marks of the entry just kept at `index`, to be gone on from.
  private mutating func noteUntried(at index: Int) {
    let entry = corpus[index]
    // Marks at one length (an entry replayed whole, with `--effects`) are one place to go on from.
    var lengths: Set<Int> = []
    let marks = entry.marks.indices.filter { lengths.insert(entry.marks[$0].length).inserted }
    untried.append(contentsOf: marks.map { (index, entry.serial, $0) })
    if untried.count > Self.untriedLimit { untried.removeFirst(untried.count - Self.untriedLimit) }
  }

  /// `entry`'s steps changed once. With `--effects` a step may complete or fail a held effect,
  /// named by the `id` of the step that started it: redrawn, such a step fails where it completed
  /// (or the reverse); an inserted action takes an `id` no step of the plan has, and a spliced
  /// tail's ids (and the effects its steps name) move past the head's, so that each still names
  /// the step of its own entry.
  private mutating func mutated(_ entry: Entry, _ random: inout SplitMix) -> Plan {
    var steps = entry.steps
    guard !steps.isEmpty else { return Plan(steps: steps) }
    let position = random.below(steps.count)
    switch Mutation.allCases[random.below(Mutation.allCases.count)] {
    case .extend:
      // Half the time from one of the entry's marks, so that the run goes on from where a new
      // transition landed (from the state kept there when it is); else cut short anywhere.
      guard random.chance(1, in: 2) else {
        guard let mark = rareMark(of: entry, &random) else { return Plan(steps: steps) }
        return Plan(from: entry, at: mark)
      }
      steps.removeSubrange((position + 1)...)
    case .redraw:
      if let effect = steps[position].effect {
        steps[position] = Step(releasing: effect, failing: !steps[position].fails, id: steps[position].id)
      } else if let step = draw(steps[position].caseIndex, &random) {
        steps[position] = step.numbered(Self.freshID(in: steps))
      }
    case .insert:
      if let step = drawAny(&random) { steps.insert(step.numbered(Self.freshID(in: steps)), at: position) }
    case .repeated:
      // The same action again, one to eight times in a row: what a counter or a streak waits for.
      // A held effect completes once, so a step that releases one is not repeated.
      guard !steps[position].isEffect else { break }
      let first = Self.freshID(in: steps)
      let copies = (0...random.below(8)).map { steps[position].numbered(first + $0) }
      steps.insert(contentsOf: copies, at: position + 1)
    case .delete:
      steps.remove(at: position)
    case .replace:
      if let step = drawAny(&random) { steps[position] = step.numbered(Self.freshID(in: steps)) }
    case .splice:
      let other = corpus[pick(&random)]
      let head = steps.prefix(position + 1)
      let tail = other.steps.dropFirst(random.below(max(1, other.steps.count)))
      let offset = Self.freshID(in: head)
      steps = Array(head) + (tail.contains { $0.isEffect } ? tail.map { $0.moved(by: offset) } : Array(tail))
    }
    return Plan(steps: steps)
  }

  /// One of `entry`'s marks, drawn in proportion to its weight.
  private func rareMark(of entry: Entry, _ random: inout SplitMix) -> Mark? {
    let weights = entry.marks.map(weight(of:))
    var target = Double(random.next() >> 11) / Double(1 << 53) * weights.reduce(0, +)
    for (mark, weight) in zip(entry.marks, weights) {
      target -= weight
      if target < 0 { return mark }
    }
    return entry.marks.last
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
