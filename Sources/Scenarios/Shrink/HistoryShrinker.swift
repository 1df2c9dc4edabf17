import Foundation
import ReplShellCommands
import ReplShellFoundation
import ReplShellSession
import StateValues

/// `shrink`: the actions the session's state has applied shrunk to a minimal sequence that still
/// breaks a property (in a session with held effects, the dispatches and the effects released).
@MainActor struct HistoryShrinker<State: Sendable, Action: Decodable & Equatable & Sendable>: WorksOnSessionParts {
  /// The store, its history and the last rejection, the invariants and breakpoints, the
  /// listeners' side effects, the reducer and how actions are written.
  let parts: SessionParts<State, Action>

  /// The parts of `session` it works on.
  init(_ session: DomainSession<State, Action>) {
    parts = SessionParts(session)
  }

  /// One recorded action as `shrink` moves it: the action, its payload as values, and its unit —
  /// the serial of the action typed (or the app dispatched) that it follows from, itself or the
  /// action whose listener dispatched it.
  struct RecordedAction {
    let action: Action
    let payload: Value
    let unit: Int
    let isListener: Bool
  }

  /// Shrinks the actions the state has applied (a `--replay`ed recording, a script's, the
  /// session's own) to a minimal sequence that still breaks `property`, the reducer alone
  /// replaying each candidate from the history's first state: the listeners stay off and what
  /// they dispatched stays in place, with the action that led to it.
  ///
  /// In a session started with `--effects`, every property but `rejects` shrinks with the side
  /// effects held instead (`shrinkWithEffects`): the dispatches typed and the effects completed
  /// or failed are the steps, and each try runs the listeners afresh.
  func shrink(_ property: ShrinkProperty, progress: ProgressReporter?) async throws(CommandError) -> ShrinkOutcome {
    if shrinksWithEffects {
      if case .rejects = property {} else { return try await shrinkWithEffects(property, progress: progress) }
    }
    let started = ContinuousClock.now
    var applied = history.position
    // An action rejected earlier than the state stands: the actions before it are the recording.
    if case .rejects(nil) = property, let rejection = lastRejection { applied = min(applied, rejection.position) }
    let entries = history.entries.prefix(applied)
    var unitOfSerial: [Int: Int] = [:]
    var recorded: [RecordedAction] = []
    recorded.reserveCapacity(entries.count)
    for entry in entries {
      var unit = entry.serial
      if case .listener(let serial)? = entry.cause, let root = unitOfSerial[serial] { unit = root }
      unitOfSerial[entry.serial] = unit
      recorded.append(RecordedAction(action: entry.action, payload: try ValueEncoder.encodeForShell(entry.action), unit: unit, isListener: entry.origin == .listener))
    }
    let start = history.initialState
    let check = try shrinkCheck(property, over: recorded, from: start)
    let reducer = self.reducer
    let replay: @MainActor ([RecordedAction]) async -> [RecordedAction]? = { candidate in
      Self.replay(candidate, from: start, reducer: reducer, check: check)
    }
    let catalog = self.catalog
    let seeds = Self.payloadSeeds(from: start)
    let pool = LeafPool(catalog: catalog, state: seeds.state)
    let simplifier = PayloadSimplifier(symbols: pool.symbols, strings: pool.strings)
    let decoder = PayloadDecoder<Action> { payload in PayloadParsing.action(payload, catalog: catalog) }
    let moves = SequenceShrinker<RecordedAction>.Moves(
      unit: \.unit,
      payload: { $0.payload },
      withPayload: { element, payload in
        decoder.action(for: payload).map { RecordedAction(action: $0, payload: payload, unit: element.unit, isListener: element.isListener) }
      },
      simpler: { element in
        simplifier.simplerActions(element.payload, depth: catalog.path(of: element.payload)?.count ?? 1).compactMap { candidate in
          decoder.action(for: candidate).map { RecordedAction(action: $0, payload: candidate, unit: element.unit, isListener: element.isListener) }
        }
      },
      simplerLeaf: { simplifier.simpler($0) })
    var shrinker = SequenceShrinker(moves: moves, replay: replay)
    var lastReport = started
    let total = recorded.count
    shrinker.progress = { left, replays in
      guard let progress, ContinuousClock.now - lastReport >= .milliseconds(100) else { return }
      lastReport = ContinuousClock.now
      progress(ProgressReport(.shrink(total: total, left: left, replays: replays), elapsed: lastReport - started))
    }
    guard let broken = try await shrinker.breaks(recorded) else {
      progress?(nil)
      return ShrinkOutcome(
        lines: [.note(check.holdsNote ?? "\(check.name) holds over the \(Self.count(total, "action")) the state has applied: there is nothing to shrink")],
        property: check.line, actionCount: total)
    }
    let shrunk = try await shrinker.shrink(broken)
    progress?(nil)
    var outcome = try report(shrunk, check: check, total: total, replays: shrinker.replays, elapsed: ContinuousClock.now - started, start: start)
    outcome.lines.insert(contentsOf: seeds.notes, at: 0)
    return outcome
  }

  /// The first state as values, whose leaves seed the simpler payloads the shrink tries; a state
  /// that cannot be read as values leaves the action examples alone to seed them, and a note of
  /// the report says so (as `explore` says it).
  static func payloadSeeds(from start: State) -> (state: Value?, notes: [OutputLine]) {
    do throws(CommandError) {
      return (try ValueEncoder.encodeForShell(start), [])
    } catch {
      return (nil, [.note("shrink: the state's values seed no payloads (\(error.message)); the action examples do")])
    }
  }

  /// `shrink rejects [<action>]`: the reducer rejects the action after a candidate as it does
  /// after the whole recording — with the same error, so that a shorter sequence that rejects it
  /// for another reason (an item that was never added) does not count.
  private func rejectionCheck(_ typed: ParsedValue?, over recorded: [RecordedAction], from start: State) throws(CommandError) -> ShrinkCheck<State> {
    let target: Action
    let text: String
    if let typed {
      (target, text) = try actionCache.action(for: typed, key: typed.sourceText, catalog: catalog)
    } else if let rejection = lastRejection {
      (target, text) = (rejection.action, rejection.text)
    } else {
      throw CommandError(
        "no action was rejected in this session or its recording: name the one the reducer rejects, e.g. `shrink rejects <action>` (`actions` lists them, `expect error <action>` checks one)")
    }
    let reducer = self.reducer
    let rejection = { (state: State) -> String? in
      do {
        _ = try reducer(state, target)
        return nil
      } catch {
        return String(describing: error)
      }
    }
    var end = start
    for element in recorded {
      if let next = ReducerTrial.next(reducer, from: end, element.action) { end = next }
    }
    let expected = rejection(end)
    let line = "dispatch \(text)"
    return ShrinkCheck(
      line: line, name: "`\(line)`", breaks: nil, holdsAtEnd: { expected == nil || rejection($0) != expected },
      actual: { ["rejected: " + (rejection($0).map { ControlCharacters.escaped($0, onOneLine: true) } ?? "no, accepted")] }, broken: "rejected", isBroken: "is rejected",
      holdsNote: "the reducer accepts `\(text)` after the \(Self.count(recorded.count, "action")) the state has applied: there is nothing to shrink")
  }

  /// "1 action", "3 actions".
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// Reduces `candidate` from `start`, leaving out what the reducer rejects: the actions that
  /// applied up to the one that broke `check`, or nil when none did (or at the end, for `expect`).
  private static func replay(
    _ candidate: [RecordedAction], from start: State, reducer: (State, Action) throws -> State, check: ShrinkCheck<State>
  ) -> [RecordedAction]? {
    var state = start
    var kept: [RecordedAction] = []
    kept.reserveCapacity(candidate.count)
    for element in candidate {
      guard let next = ReducerTrial.next(reducer, from: state, element.action) else { continue }
      kept.append(element)
      if let breaks = check.breaks, breaks(state, next) { return kept }
      state = next
    }
    if let end = check.holdsAtEnd, !end(state) { return kept }
    return nil
  }

  /// How a candidate is checked against `property`; `.session` becomes the first of the
  /// session's invariants and breakpoints that `recorded` breaks or reaches.
  private func shrinkCheck(_ property: ShrinkProperty, over recorded: [RecordedAction], from start: State) throws(CommandError) -> ShrinkCheck<State> {
    switch property {
    case .invariant(let predicate):
      let invariant = try makeInvariant(predicate)
      guard invariant.holds(start) else {
        throw CommandError("invariant \(predicate.text) does not hold before the first action, so no action breaks it: shrink a property that holds at the start", column: predicate.call.column)
      }
      return ShrinkCheck(
        line: "invariant \(predicate.text)", name: "invariant \(predicate.text)", breaks: { !invariant.holds($1) }, holdsAtEnd: nil,
        actual: invariant.actualLines, broken: "broken", isBroken: "is broken")
    case .expect(let predicate):
      let invariant = try makeInvariant(predicate)
      return ShrinkCheck(
        line: "expect \(predicate.text)", name: "expect \(predicate.text)", breaks: nil, holdsAtEnd: invariant.holds, actual: invariant.actualLines,
        broken: "fails", isBroken: "fails")
    case .breakWhen(let predicate):
      let invariant = try makeInvariant(predicate)
      guard !invariant.holds(start) else {
        throw CommandError("break when \(predicate.text) is true before the first action, so no action reaches it: shrink a breakpoint that is false at the start", column: predicate.call.column)
      }
      return ShrinkCheck(
        line: "break when \(predicate.text)", name: "break when \(predicate.text)", breaks: { !invariant.holds($0) && invariant.holds($1) }, holdsAtEnd: nil,
        actual: invariant.actualLines, broken: "reached", isBroken: "is reached")
    case .rejects(let typed):
      return try rejectionCheck(typed, over: recorded, from: start)
    case .golden:
      throw CommandError("shrink golden runs on a scenario script, not on this session's history")
    case .session:
      let checks = invariants.all.filter { $0.holds(start) }.map(\.predicate).map(ShrinkProperty.invariant)
        + breakpoints.all.filter { !$0.condition.holds(start) }.map(\.condition.predicate).map(ShrinkProperty.breakWhen)
      guard !checks.isEmpty else {
        throw CommandError(
          "shrink needs a property the actions break: this session has no invariant or breakpoint; give one, e.g. `shrink invariant <selector> < 5`, `shrink expect <selector> == 0` or `shrink break when <selector> == 3`")
      }
      var made: [ShrinkCheck<State>] = []
      for property in checks { made.append(try shrinkCheck(property, over: [], from: start)) }
      var state = start
      for element in recorded {
        guard let next = ReducerTrial.next(reducer, from: state, element.action) else { continue }
        if let broken = made.first(where: { $0.breaks?(state, next) == true }) { return broken }
        state = next
      }
      let names = checks.compactMap(\.line).map { "`\($0)`" }.joined(separator: ", ")
      throw CommandError("no action the state has applied breaks the session's invariants or reaches its breakpoints (\(names)): there is nothing to shrink")
    }
  }

  /// The shrunk sequence as paste-back lines, with the last action's diff and the property's actual value.
  private func report(
    _ shrunk: [RecordedAction], check: ShrinkCheck<State>, total: Int, replays: Int, elapsed: Duration, start: State
  ) throws(CommandError) -> ShrinkOutcome {
    var before = start
    var after = start
    var texts: [String] = []
    for element in shrunk {
      // Every shrunk action applied when the shrinker replayed it: a refusal now is a reducer
      // that answers the same action differently, which the report must not hide.
      let next: State
      do {
        next = try reducer(after, element.action)
      } catch {
        throw CommandError(
          "the reducer rejected `\(catalog.text(for: element.payload))` as the shrunk actions were replayed for the report, though it accepted it while shrinking (\(error)): shrink needs a reducer that answers the same actions the same way")
      }
      before = after
      after = next
      texts.append(catalog.text(for: element.payload))
    }
    let seconds = elapsed.inSeconds
    var lines: [OutputLine] = [
      .plain(
        "\(check.name) \(check.broken): \(Self.count(total, "action")) shrunk to \(shrunk.count) in \(Self.count(replays, "replay")) (\(String(format: "%.2f", seconds)) s)\(Task.isCancelled ? ShrinkOutcome.stoppedNote : "")")
    ]
    for (element, text) in zip(shrunk, texts) {
      lines.append(.plain("  dispatch \(text)" + (element.isListener ? "   (a listener's, kept in place)" : "")))
    }
    if let last = texts.last {
      lines.append(.plain("last action: \(last)"))
      lines += try stateDiff.lines(from: before, to: after)
    }
    lines += check.actual(after).map(OutputLine.plain)
    let dispatches = texts.map { "dispatch --may-reject " + $0 }
    let saved: [String] =
      switch check.breaks {
      case nil: dispatches + [check.line]
      default: [check.line] + dispatches
      }
    return ShrinkOutcome(
      lines: lines, property: check.line, actionCount: total, shrunkCount: shrunk.count, scriptLines: saved,
      failure: "\(check.name) \(check.isBroken) by \(Self.count(shrunk.count, "action")) of the \(total)")
  }
}

/// How `shrink` checks a candidate.
struct ShrinkCheck<State: Sendable> {
  /// The property as the line of a scenario that checks it.
  let line: String
  /// The property as reports name it.
  let name: String
  /// Whether the action from the first state to the second breaks it; nil when only the end counts.
  let breaks: ((State, State) -> Bool)?
  /// Whether it holds once every action ran; nil when every action is checked.
  let holdsAtEnd: ((State) -> Bool)?
  /// What the property finds in the last state: the predicate's actual value, the rejection.
  let actual: (State) -> [String]
  /// What the report says the property is once shrunk: `broken`, `fails`, `reached`, `rejected`.
  let broken: String
  /// The same in the failure's sentence: `is broken`, `fails`, `is reached`, `is rejected`.
  let isBroken: String
  /// What is said when the whole sequence does not break it; nil for the usual sentence.
  var holdsNote: String? = nil
}

/// `shrink` on the typed session (`AnyDomainSession.open`).
struct Shrinking: SessionOpener {
  /// What the shrunk actions must still break.
  let property: ShrinkProperty
  /// Told how the search goes; nil: nobody is.
  let progress: ProgressReporter?

  func open<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) async throws(CommandError) -> ShrinkOutcome {
    try await HistoryShrinker(session).shrink(property, progress: progress)
  }
}
