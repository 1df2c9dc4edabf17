import ReplShellDomain
import ReplShellFoundation
import ReplShellSession
import SessionProtocol
import StateValues
/// `--replay`: a recording's actions reduced again, in order, into the session's history, each
/// checked against what was recorded.
@MainActor struct SessionReplayer<State: Sendable, Action: Decodable & Equatable & Sendable> {
  /// The store and its history, which the replay fills.
  let timeline: SessionTimeline<State, Action>
  /// How actions are written.
  let printer: ActionPrinter<State, Action>
  /// The reducer alone.
  let reducer: @Sendable (State, Action) throws -> State
  /// Whether two states differ, when the state is `Equatable`.
  let statesDiffer: (@Sendable (State, State) -> Bool)?
  /// Diffs the domain's states.
  let stateDiff: StateDiff

  /// A replayer into the components of `session`.
  init(_ session: DomainSession<State, Action>) {
    (timeline, printer) = (session.timeline, session.printer)
    (reducer, statesDiffer, stateDiff) = (session.reducer, session.statesDiffer, session.stateDiff)
  }

  private var domainName: String { printer.domainName }
  private var catalog: ActionCatalog { printer.catalog }
  private var store: SessionStore<State, Action> { timeline.store }
  private var history: SessionHistory<State, Action> { timeline.history }
  private func describe(_ action: Action) throws(CommandError) -> (text: String, path: [String]?) { try printer.describe(action) }

  /// Reduces `recorded`'s actions again, in order, without dispatching (no listener, no event):
  /// each from the state its history entry followed, checked against what was recorded. Stops
  /// at the first the reducer no longer does the same way; the history then holds the entries
  /// before it. `redact` applies what the recording's output went through to the diffs computed.
  func replay(_ recorded: RecordedSession, name: String, redact: (String) -> String) -> ReplayOutcome {
    var outcome = ReplayOutcome()
    let offset = recorded.start?.entry ?? 0
    // At a disagreement, the state is the one the action was dispatched from; later entries show as undone.
    func stop(at number: Int?, _ error: CommandError) -> ReplayOutcome {
      if let number, (1...history.entries.count + 1).contains(number) {
        history.move(to: number - 1)
        store.travel(to: history.currentState)
      }
      outcome.mismatch = error
      return outcome
    }
    for step in recorded.steps {
      guard case .dispatch(let dispatch) = step else {
        if case .travel(let command, _) = step, let target = travelTarget(command, offset: offset) {
          history.move(to: target)
          store.travel(to: history.currentState)
          outcome.lines.append((command, .travel, history.mark))
        }
        continue
      }
      let event = dispatch.event
      let place = "\(name):\(dispatch.line)"
      let action: Action
      do throws(CommandError) {
        action = try ActionCache<Action>.parseAction(event.action, catalog: catalog)
      } catch {
        outcome.mismatch = CommandError(
          "\(place): `\(ControlCharacters.escaped(event.action, onOneLine: true).truncatedForMessage)` cannot be read back as a \(domainName) action: \(ControlCharacters.escaped(error.message, onOneLine: true))")
        return outcome
      }
      // The action as a live session writes it (control characters and line breaks escaped in
      // its strings), never the recording's own text, which a crafted file fills with escapes
      // for the terminal and line breaks for a saved script.
      let text: String
      do throws(CommandError) {
        text = try describe(action).text
      } catch {
        text = "(an action that cannot be printed: \(error.message))"
      }
      let number = event.entry.map { $0 - offset } ?? (event.rejection == nil ? history.position + 1 : nil)
      if let number, !(1...history.entries.count + 1).contains(number) {
        let missing = number < 1 ? "comes before the start of the recording" : "follows entry \(history.entries.count + offset): the recording lacks the entries between (a flight recorder dropped them, or lines were cut out)"
        outcome.mismatch = CommandError("\(place): entry #\(number + offset) `\(TranscriptRenderer.shortened(text))` \(missing)")
        return outcome
      }
      let before = number.map { $0 == 1 ? history.initialState : history.entries[$0 - 2].state } ?? history.currentState
      let reduced: State
      do {
        reduced = try reducer(before, action)
      } catch {
        guard event.rejection == nil else {
          // Still rejected, as recorded: what `shrink rejects` shrinks toward.
          timeline.lastRejection = RejectedAction(action: action, text: text, position: number.map { $0 - 1 } ?? history.position)
          continue
        }
        return stop(
          at: number,
          CommandError(
            "\(place): entry #\(number.map { $0 + offset } ?? 0) `\(TranscriptRenderer.shortened(text))`: the reducer now rejects it (\(String(describing: error))); the recording has it accepted"))
      }
      guard let number else {
        outcome.mismatch = CommandError(
          "\(place): `\(TranscriptRenderer.shortened(text))`: the reducer now accepts it; the recording has it rejected (\(ControlCharacters.escaped(event.rejection ?? "", onOneLine: true)))")
        return outcome
      }
      if let recordedDiff = event.diff {
        let diff: [String]
        do throws(CommandError) {
          let lines = try stateDiff.lines(from: before, to: reduced, differ: statesDiffer)
          diff = (lines.isEmpty ? [OutputLine.note("no change")] : lines).map { redact($0.text) }
        } catch {
          diff = [OutputLine.error(error.message).text]
        }
        if let difference = Self.firstDifference(recorded: recordedDiff.map(\.text), now: diff) {
          // An app's actions from `tail` start from the app's state then, which the recording does not hold.
          let hint = event.origin == .app && recorded.start == nil && history.entries.isEmpty
            ? "\n  (the recording starts from a running app's state, which it does not hold: record with the app's flight recorder, whose log starts from a snapshot)"
            : ""
          return stop(
            at: number,
            CommandError(
              "\(place): entry #\(number + offset) `\(TranscriptRenderer.shortened(text))`: the reducer's diff now differs from the recorded one at its line \(difference.line)\n  recorded: \(ControlCharacters.escaped(difference.recorded, onOneLine: true))\n  now:      \(difference.now)\(hint)"))
        }
      }
      history.move(to: number - 1)
      // The recorded cause, kept: a line as it was (a script's location escaped, as the file
      // gave it), a listener's cause as the entry here it names.
      let recordedCause: DispatchEvent.Cause? =
        if case .scriptLine(let location)? = event.cause { .scriptLine(ControlCharacters.escaped(location, onOneLine: true)) } else { event.cause }
      let cause: HistoryCause? =
        switch recordedCause {
        case .entry(let entry)?:
          history.entries.indices.contains(entry - offset - 1) ? .listener(serial: history.entries[entry - offset - 1].serial) : nil
        case let line?: .line(line)
        case nil: nil
        }
      history.append(action, text: text, origin: event.origin, cause: cause, isHidden: event.isHidden, state: reduced)
      store.travel(to: reduced)
      timeline.rememberForDiff(
        DispatchEvent(action: text, origin: event.origin, diff: event.diff, isHidden: event.isHidden, entry: number, cause: recordedCause))
      outcome.actionCount += 1
      // Saved, each recorded action is a dispatch of its own (the listeners stay off, as here).
      outcome.lines.append(("dispatch \(text)", .dispatch, HistoryMark(current: history.mark.current, lastUserDispatch: history.mark.current)))
    }
    return outcome
  }

  /// The position recorded time travel went to, as `undo`, `redo` and `jump N` find it; nil when
  /// it goes nowhere in this history (the recording's travel failed there too, or its entries are not here).
  private func travelTarget(_ command: String, offset: Int) -> Int? {
    let words = command.split(separator: " ")
    switch words.first {
    case "undo": return history.undoTarget
    case "redo": return history.redoTarget
    default:
      guard words.count == 2, let number = Int(words[1]), (0...history.entries.count).contains(number - offset) else { return nil }
      return number - offset
    }
  }

  /// The first line where two diffs differ, 1-based, with both texts (`(none)` past an end).
  private static func firstDifference(recorded: [String], now: [String]) -> (line: Int, recorded: String, now: String)? {
    for index in 0..<max(recorded.count, now.count) {
      let left = recorded.indices.contains(index) ? recorded[index] : "(none)"
      let right = now.indices.contains(index) ? now[index] : "(none)"
      if left != right { return (index + 1, left, right) }
    }
    return nil
  }
}

/// `--replay` on the typed session (`AnyDomainSession.open`).
struct Replaying: SessionOpener {
  /// The recording to reduce again.
  let recorded: RecordedSession
  /// Its name in messages.
  let name: String
  /// What the recording's output went through, applied to the diffs computed.
  let redact: (String) -> String

  func open<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) async throws(CommandError) -> ReplayOutcome {
    SessionReplayer(session).replay(recorded, name: name, redact: redact)
  }
}
