import Foundation
import ReplShellFoundation
import ReplShellSession
import StateValues

/// `explore --against REV`: the same generated sequences through this shell's reducer and
/// another revision's (in a process of its own), compared after every step: accepted or
/// rejected (and why), and the state as values. The first divergence outside the noise and the
/// allowed paths is shrunk and reported with both states; `--bisect` names the first commit
/// that shows it.
@MainActor struct AgainstExplorer<State: Sendable, Action: Decodable & Equatable & Sendable>: WorksOnSessionParts {
  typealias Step = ExploreEngine<State, Action>.Step

  let parts: SessionParts<State, Action>
  /// The explorer whose cases and payloads the runs share with a plain `explore`.
  private let explorer: SessionExplorer<State, Action>

  init(_ session: DomainSession<State, Action>) {
    parts = SessionParts(session)
    explorer = SessionExplorer(session)
  }

  /// What the runs found, and what they cost.
  struct Findings {
    var divergence: (run: Int, steps: [Step])?
    var runs = 0
    var steps = 0
    var allowedSteps = 0
    var allowedPaths: [StatePath] = []
    var firstAllowedRun: Int?
    var noise: [StatePath] = []
    var notes: [String] = []
    var newTime = Duration.zero
    var oldTime = Duration.zero
  }

  /// The other revision running, with the two starting states.
  struct Sides {
    let old: AgainstPeer
    let oldStart: Value
    /// The session's state as its `Codable` writes it, which each revision starts from; nil for a state that is not `Codable`.
    let snapshot: JSONForm?
  }

  func explore(
    _ options: ExploreOptions, against: AgainstOptions, revision: AgainstRevision, package: AgainstRevision.Package?, reach: FileReach
  ) async throws(CommandError) -> ExploreOutcome {
    let enabled = try explorer.exploredCases(options, userActions: [])
    let seed = options.seed ?? UInt64.random(in: 0..<1_000_000_000)
    // With --history the one sequence is the session's own, from where it started.
    let start = against.comparesHistory ? history.initialState : store.select { $0 }
    let newStart = try ValueEncoder.encodeForShell(start)
    let snapshot = try StateSnapshot.json(of: start)
    let catalog = self.catalog
    let engine = ExploreEngine(
      start: start, reducer: reducer, statesDiffer: statesDiffer, invariants: [], catalog: catalog, enabled: enabled,
      pool: LeafPool(catalog: catalog, state: newStart), decode: { payload in PayloadParsing.action(payload, catalog: catalog) })
    let old = try await startPeer(revision, snapshot: snapshot, newStart: newStart)
    defer { old.peer.finish() }
    let twin = try await startPeer(revision, snapshot: snapshot, newStart: newStart)
    defer { twin.peer.finish() }
    var findings = Findings()
    // The noise first: paths at which two runs of the same old revision differ.
    learnNoise(old.start, twin.start, into: &findings)
    let sides = Sides(old: old.peer, oldStart: old.start, snapshot: snapshot)
    var startPaths: [StatePath] = []
    ValueDifferences.paths(old.start, newStart, into: &startPaths)
    startPaths.removeAll { path in findings.noise.contains { ValueDifferences.isPath(path, under: $0) } || against.allowed.contains { ValueDifferences.isPath(path, under: $0) } }
    if !startPaths.isEmpty {
      var lines: [OutputLine] = [.plain(header(options, against: against, revision: revision, seed: seed))]
      lines.append(.plain("the revisions differ before any action, at \(startPaths.map(\.description).joined(separator: ", ")) (old → new):"))
      LeafDiff.appendDiff(old.start, newStart, prefix: "", suffix: "", indent: 1, to: &lines)
      return ExploreOutcome(
        lines: lines + [.note("allow it with `--allow-change PATH` when the new state is meant to differ there")],
        failure: "explore --against \(revision.name): the revisions read the starting state differently", seed: seed)
    }
    let deadline = Budget.current.ending(by: options.timeLimit.map { ContinuousClock.now + $0 }).deadline
    let shardRuns = against.comparesHistory ? ShardRuns(first: 0, stride: 1, count: 1) : options.shardRuns
    let recorded = against.comparesHistory ? try historySteps() : []
    // Payloads decoded once for all the runs, as a plain explore's job keeps them.
    var memo = ExploreEngine<State, Action>.Memo()
    for position in 0..<shardRuns.count {
      let run = shardRuns.run(at: position)
      if let deadline, ContinuousClock.now >= deadline { break }
      if Task.isCancelled || Budget.current.interruption() != nil { break }
      let steps = against.comparesHistory ? recorded : draw(run: run, seed: seed, engine: engine, steps: options.steps, memo: &memo)
      let clock = ContinuousClock()
      // The noise is learned in the first runs: the second copy is not needed after them.
      if position == AgainstOptions.calibrationRuns { twin.peer.finish() }
      var computed: [AgainstStep]?
      if position >= AgainstOptions.calibrationRuns, findings.noise.isEmpty {
        // Digests first: a run whose every step agrees sends no state. The other revision
        // works on the run while this shell's reducer does.
        let asked = clock.now
        let pending = try await beginDigests(of: old.peer, to: steps, run: run, seed: seed)
        let newAnswers = try answers(to: steps, from: start, startValue: newStart)
        let newDigests = AgainstDigest.digests(of: newAnswers, from: newStart)
        let answered = clock.now
        findings.newTime += answered - asked
        let digests = try await self.digests(of: old.peer, answering: pending, count: steps.count)
        findings.oldTime += clock.now - answered
        if digests == newDigests {
          findings.runs += 1
          findings.steps += steps.count
          continue
        }
        computed = newAnswers
      }
      let began = clock.now
      let newAnswers: [AgainstStep]
      if let computed {
        newAnswers = computed
      } else {
        newAnswers = try answers(to: steps, from: start, startValue: newStart)
      }
      let fullAsked = clock.now
      findings.newTime += fullAsked - began
      let oldAnswers = try await answers(of: old.peer, to: steps, run: run, seed: seed)
      findings.oldTime += clock.now - fullAsked
      if position < AgainstOptions.calibrationRuns {
        let twinAnswers = try await answers(of: twin.peer, to: steps, run: run, seed: seed)
        learnNoise(oldAnswers, twinAnswers, oldStart: old.start, twinStart: twin.start, into: &findings)
      }
      let comparison = SequenceComparison(
        old: oldAnswers, new: newAnswers, oldStart: old.start, newStart: newStart, noise: findings.noise, allowed: against.allowed)
      findings.runs += 1
      findings.steps += steps.count
      if comparison.allowedSteps > 0 {
        findings.allowedSteps += comparison.allowedSteps
        findings.firstAllowedRun = findings.firstAllowedRun ?? run
        for path in comparison.allowedPaths where !findings.allowedPaths.contains(path) { findings.allowedPaths.append(path) }
      }
      if let divergence = comparison.divergence {
        findings.divergence = (run, Array(steps.prefix(divergence.index + 1)))
        break
      }
    }
    var lines: [OutputLine] = [.plain(header(options, against: against, revision: revision, seed: seed))]
    lines += findings.notes.map(OutputLine.note)
    lines.append(
      .plain(
        findings.noise.isEmpty
          ? "noise: none (two runs of the old revision agreed on every step of " + (findings.runs == 1 ? "the first run)" : "the first \(min(findings.runs, AgainstOptions.calibrationRuns)) runs)")
          : "noise, left out of the comparison (two runs of the old revision differ there): " + findings.noise.map(\.description).joined(separator: ", ")))
    var outcome = ExploreOutcome(lines: [], seed: seed)
    var divergenceJSON = JSONForm.null
    var bisectJSON = JSONForm.null
    if let found = findings.divergence {
      let compare: @MainActor ([Step]) async throws(CommandError) -> SequenceComparison = { steps throws(CommandError) in
        let newAnswers = try answers(to: steps, from: start, startValue: newStart)
        let oldAnswers = try await answers(of: old.peer, to: steps, run: found.run, seed: seed)
        return SequenceComparison(old: oldAnswers, new: newAnswers, oldStart: old.start, newStart: newStart, noise: findings.noise, allowed: against.allowed)
      }
      var shrinker = Shrinker(engine: engine) { steps throws(CommandError) in
        try await compare(steps).divergence.map { Array(steps.prefix($0.index + 1)) }
      }
      let shrunk = try await shrinker.shrink(found.steps)
      guard let divergence = try await compare(shrunk).divergence else {
        throw CommandError("explore --against: the shrunk sequence no longer diverges; the other revision is not deterministic (repeat with --seed \(seed))")
      }
      let place = against.comparesHistory ? "the history" : "run \(found.run + 1) (seed \(seed))"
      outcome = report(divergence, shrunk: shrunk, found: found.steps, in: place, shrinkSteps: shrinker.shrinkSteps, revision: revision, seed: seed)
      lines += outcome.lines
      divergenceJSON = json(of: divergence, shrunk: shrunk, found: found.steps.count, in: place)
      if against.bisects {
        let bisected = try await bisect(shrunk, sides: sides, revision: revision, package: package, reach: reach, noise: findings.noise, allowed: against.allowed)
        lines += bisected.lines
        bisectJSON = bisected.json
      }
    } else {
      lines.append(.note("the revisions agree on every step of " + (against.comparesHistory ? "the history" : "\(findings.runs) run\(findings.runs == 1 ? "" : "s")") + (findings.allowedSteps > 0 ? " but for the allowed changes" : "")))
    }
    if findings.allowedSteps > 0 {
      lines.append(
        .plain(
          "allowed (--allow-change): \(findings.allowedSteps) step\(findings.allowedSteps == 1 ? "" : "s") differed only at "
            + findings.allowedPaths.prefix(8).map(\.description).joined(separator: ", ") + ", first in run \((findings.firstAllowedRun ?? 0) + 1)"))
    }
    lines.append(.plain(cost(findings)))
    outcome.lines = lines
    outcome.report = .object([
      ("revision", .string(revision.name)), ("commit", revision.commit.map(JSONForm.string) ?? .null),
      ("compared", .string(against.comparesHistory ? "history" : "runs")),
      ("seed", seed <= UInt64(Int.max) ? .int(Int(seed)) : .string(String(seed))), ("runs", .int(findings.runs)), ("steps", .int(findings.steps)),
      ("noise", .array(findings.noise.map { .string($0.description) })),
      ("allowed", .object([("steps", .int(findings.allowedSteps)), ("paths", .array(findings.allowedPaths.map { .string($0.description) }))])),
      ("divergence", divergenceJSON), ("bisect", bisectJSON),
      ("microsecondsPerStep", .double(findings.steps == 0 ? 0 : (findings.newTime + findings.oldTime).inSeconds / Double(findings.steps) * 1e6)),
    ])
    return outcome
  }

  /// The divergence as the report's data: where it was found, its shrunk actions, each side's
  /// outcome, and the values at each path where the states part.
  private func json(of divergence: SequenceComparison.Divergence, shrunk: [Step], found: Int, in place: String) -> JSONForm {
    func outcome(_ step: AgainstStep) -> JSONForm {
      switch step {
      case .accepted: .object([("outcome", .string("accepted"))])
      case .rejected(let reason): .object([("outcome", .string("rejected")), ("reason", .string(reason))])
      case .unreadable(let reason): .object([("outcome", .string("unreadable")), ("reason", .string(reason))])
      }
    }
    let actions = shrunk.map { step -> JSONForm in
      guard let action = step.action else { return .null }
      do throws(CommandError) { return .string(try actionText(action)) } catch { return .null }
    }
    let paths = divergence.paths.prefix(8).map { path -> JSONForm in
      .object([
        ("path", .string(path.description)),
        ("old", ValueDifferences.value(at: path, in: divergence.oldState).map(JSONForm.init) ?? .null),
        ("new", ValueDifferences.value(at: path, in: divergence.newState).map(JSONForm.init) ?? .null),
      ])
    }
    return .object([
      ("in", .string(place)), ("found", .int(found)), ("actions", .array(actions)), ("old", outcome(divergence.old)), ("new", outcome(divergence.new)),
      ("paths", .array(Array(paths))),
    ])
  }

  /// Starts `revision`'s reducer on this session's domain, from the session's state.
  func startPeer(_ revision: AgainstRevision, snapshot: JSONForm?, newStart: Value) async throws(CommandError) -> (peer: AgainstPeer, start: Value) {
    let peer = try await AgainstPeer(binary: revision.binary, name: revision.name)
    let state: Value
    do throws(CommandError) {
      state = try await peer.start(domain: domainName, state: snapshot)
    } catch {
      peer.finish()
      throw error
    }
    if snapshot == nil, state != newStart {
      peer.finish()
      throw CommandError(
        "\(revision.name) cannot start where this session is: \(State.self) is not Codable, so only the domain's initial state can be shared; explore --against from a fresh `use \(domainName)`, or make the state Codable")
    }
    return (peer, state)
  }

  /// The session's history up to where it stands, as steps: every action it applied, in order.
  private func historySteps() throws(CommandError) -> [Step] {
    var steps: [Step] = []
    for (index, entry) in history.entries.prefix(history.position).enumerated() {
      let payload = try ValueEncoder.encodeForShell(entry.action)
      guard let path = catalog.path(of: payload), let caseIndex = catalog.cases.firstIndex(where: { $0.path == path }) else {
        throw CommandError("history entry \(index + 1) is not an action case of \(domainName): it cannot be sent to another revision")
      }
      steps.append(Step(caseIndex: caseIndex, payload: payload, action: entry.action, id: index))
    }
    return steps
  }

  /// The steps of run `run`: its swarm and its actions, drawn as a plain explore draws them.
  private func draw(run: Int, seed: UInt64, engine: ExploreEngine<State, Action>, steps: Int, memo: inout ExploreEngine<State, Action>.Memo) -> [Step] {
    var random = SplitMix(seed: SplitMix.runSeed(seed, run: run))
    let swarm = engine.swarm(&random)
    guard !swarm.isEmpty else { return [] }
    var progress = engine.startRun(run, memo: &memo)
    var drawn: [Step] = []
    for index in 0..<steps {
      guard let step = engine.draw(swarm[random.below(swarm.count)], &random, run: &progress, memo: &memo) else { continue }
      drawn.append(step.numbered(index))
    }
    return drawn
  }

  /// This shell's answers to `steps`: what the reducer does with each, as the other side says it.
  private func answers(to steps: [Step], from start: State, startValue: Value) throws(CommandError) -> [AgainstStep] {
    var state = start
    var current = startValue
    var answers: [AgainstStep] = []
    answers.reserveCapacity(steps.count)
    for step in steps {
      guard let action = step.action else { continue }
      answers.append(try AgainstStep.taking(action, with: reducer, statesDiffer: statesDiffer, state: &state, current: &current))
    }
    return answers
  }

  /// The other revision's answers to `steps`.
  func answers(of peer: AgainstPeer, to steps: [Step], run: Int, seed: UInt64) async throws(CommandError) -> [AgainstStep] {
    let payloads = steps.compactMap { $0.action == nil ? nil : $0.payload }
    let numbered = try await peer.numbered(payloads)
    let request = AgainstRequest.run(introducing: numbered.introducing, actions: numbered.actions)
    guard case .steps(let answers) = try await peer.exchange(request, doing: "run \(payloads.count) actions of run \(run + 1) (seed \(seed))") else {
      throw CommandError("\(peer.name) did not answer a sequence as the protocol says")
    }
    guard answers.count == payloads.count else {
      throw CommandError("\(peer.name) answered \(answers.count) steps to \(payloads.count) actions")
    }
    return answers
  }

  /// Asks the other revision for its answers to `steps` as digests, without waiting for them.
  private func beginDigests(of peer: AgainstPeer, to steps: [Step], run: Int, seed: UInt64) async throws(CommandError) -> AgainstPeer.Pending {
    let payloads = steps.compactMap { $0.action == nil ? nil : $0.payload }
    let numbered = try await peer.numbered(payloads)
    return try peer.begin(
      .digest(introducing: numbered.introducing, actions: numbered.actions), doing: "run \(payloads.count) actions of run \(run + 1) (seed \(seed))")
  }

  /// The digests `pending` asked for, one for each of `count` steps.
  private func digests(of peer: AgainstPeer, answering pending: AgainstPeer.Pending, count: Int) async throws(CommandError) -> [AgainstDigest] {
    guard case .digests(let answers) = try await peer.answer(to: pending) else {
      throw CommandError("\(peer.name) did not answer a sequence as the protocol says")
    }
    guard answers.count == count else {
      throw CommandError("\(peer.name) answered \(answers.count) steps to \(count) actions")
    }
    return answers
  }

  /// Adds the paths at which two runs of the old revision differ to the noise.
  private func learnNoise(_ old: Value, _ twin: Value, into findings: inout Findings) {
    var paths: [StatePath] = []
    ValueDifferences.paths(old, twin, into: &paths)
    for path in paths where !findings.noise.contains(path) { findings.noise.append(path) }
  }

  /// Adds what differs between two runs of the old revision on one sequence to the noise; an
  /// outcome that differs (accepted in one, rejected in the other) cannot be left out, and is said.
  private func learnNoise(_ old: [AgainstStep], _ twin: [AgainstStep], oldStart: Value, twinStart: Value, into findings: inout Findings) {
    for _ in 0..<64 {
      let comparison = SequenceComparison(old: old, new: twin, oldStart: oldStart, newStart: twinStart, noise: findings.noise, allowed: [])
      guard let divergence = comparison.divergence else { return }
      guard !divergence.paths.isEmpty else {
        findings.notes.append(
          "two runs of the old revision answer step \(divergence.index + 1) of a run differently (\(describe(divergence.old)) and \(describe(divergence.new))): its reducer is not deterministic there, and a divergence there is not told from noise")
        return
      }
      for path in divergence.paths where !findings.noise.contains(path) { findings.noise.append(path) }
    }
  }

  private func header(_ options: ExploreOptions, against: AgainstOptions, revision: AgainstRevision, seed: UInt64) -> String {
    guard !against.comparesHistory else {
      return "explore --against \(revision.name): this session's history (\(history.position) action\(history.position == 1 ? "" : "s") from its start) through this shell's reducer and the other's, in a process of its own"
    }
    return "explore --against \(revision.name): \(options.runs) runs of up to \(options.steps) actions, seed \(seed)"
      + (options.seed == nil ? " (repeat with --seed \(seed))" : "") + ", each step through this shell's reducer and the other's, in a process of its own"
  }

  /// A step's outcome in a few words.
  func describe(_ step: AgainstStep) -> String {
    switch step {
    case .accepted: "accepted"
    case .rejected(let reason): "rejected: \(ControlCharacters.escaped(String(reason.prefix(400))))"
    case .unreadable(let reason): "not read: \(ControlCharacters.escaped(String(reason.prefix(400))))"
    }
  }

  /// The divergence shrunk: the actions as paste-back lines, what each revision did with the
  /// last, and the states' diff.
  private func report(
    _ divergence: SequenceComparison.Divergence, shrunk: [Step], found: [Step], in place: String, shrinkSteps: Int, revision: AgainstRevision, seed: UInt64
  ) -> ExploreOutcome {
    let texts = shrunk.map { step in
      guard let action = step.action else { return "" }
      do throws(CommandError) {
        return try actionText(action)
      } catch {
        return "(an action that cannot be printed: \(error.message))"
      }
    }
    let count = shrunk.count
    var lines: [OutputLine] = [
      .plain(
        "divergence in \(place): \(found.count) action\(found.count == 1 ? "" : "s"), shrunk to \(count) in \(shrinkSteps) shrink step\(shrinkSteps == 1 ? "" : "s")")
    ]
    lines += texts.map { .plain("  dispatch " + $0) }
    lines.append(.plain("last step: \(texts.last ?? "")"))
    lines.append(.plain("  old (\(revision.name)): \(describe(divergence.old))"))
    lines.append(.plain("  new (this shell): \(describe(divergence.new))"))
    if !divergence.paths.isEmpty {
      lines.append(.plain("the states differ at \(divergence.paths.prefix(8).map(\.description).joined(separator: ", ")) (old → new):"))
      LeafDiff.appendDiff(divergence.oldState, divergence.newState, prefix: "", suffix: "", indent: 1, to: &lines)
    }
    return ExploreOutcome(
      lines: lines,
      failure: "explore --against \(revision.name): the revisions diverge after \(count) action\(count == 1 ? "" : "s"), in \(place)",
      dispatchLines: texts.map { "dispatch --may-reject " + $0 }, expectLine: divergence.paths.prefix(8).map { "state \($0)" }.joined(separator: "\n"),
      seed: seed)
  }

  /// What the comparison cost, per step.
  private func cost(_ findings: Findings) -> String {
    guard findings.steps > 0 else { return "compared no steps" }
    let total = findings.newTime + findings.oldTime
    let perStep = total.inSeconds / Double(findings.steps) * 1e6
    let share = total == .zero ? 0 : Int((findings.oldTime.inSeconds / total.inSeconds * 100).rounded())
    return "compared \(findings.steps) step\(findings.steps == 1 ? "" : "s") in \(findings.runs) run\(findings.runs == 1 ? "" : "s"): \(String(format: "%.1f", perStep)) µs a step, \(share)% of it the other revision's process and the pipe"
  }
}
