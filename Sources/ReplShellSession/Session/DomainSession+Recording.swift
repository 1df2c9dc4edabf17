extension DomainSession {
  /// Records a dispatch the store reports and emits what it printed: the action in full when
  /// `debug actions` is on, the dispatch with its diff, the whole new state when `debug state` is
  /// on, then the watches that changed. An action `hide` matches is emitted without a diff, which
  /// is then not computed, unless `debug actions` is on.
  package func record(old: State, action: Action, new: State, origin: DispatchEvent.Origin, cause: HistoryCause?, text known: String?) {
    let showsActions = events.debug.isEnabled(.actions)
    // Only what the app or its listeners dispatch is hidden: an action typed is always shown.
    let hidden = (origin == .listener || origin == .app) && isHidden(action)
    let shown = !hidden || showsActions
    var text = known ?? ""
    var failure: CommandError?
    if known == nil {
      do {
        let described = try describe(action)
        text = described.text
        noteIfMissing(described.path)
      } catch {
        failure = error
        text = "(an action that cannot be printed: \(error.message))"
      }
    }
    history.append(action, text: text, origin: origin, cause: cause, isHidden: hidden, state: new)
    var diff: [OutputLine]?
    if shown {
      if let failure {
        diff = [.error(failure.message)]
      } else {
        if showsActions { events.emit(.log(LogLine(category: .actions, level: .debug, text: text))) }
        do {
          // The paths the diff finds changed are kept for `why`: no second walk of the states.
          let lines = try changeIndex.recording(serial: history.currentSerial) { (trail) throws(CommandError) in
            try stateDiff.lines(from: old, to: new, differ: statesDiffer, trail: &trail)
          }
          diff = lines.isEmpty ? [.note("no change")] : lines
        } catch {
          diff = [.error(error.message)]
        }
      }
    }
    let event = DispatchEvent(
      action: text, origin: origin, diff: diff, isHidden: !shown, entry: history.position, cause: history.eventCause(of: cause))
    events.emit(.dispatched(event))
    rememberForDiff(event)
    if shown && events.debug.isEnabled(.state) {
      emitState(new)
    }
    if isWatching { watches.update(state: new, action: action, events: events) }
    if hasInvariants { checkInvariants(after: text, state: new) }
    if hasBreakpoints { checkBreakpoints(after: text, origin: origin, entry: history.position, old: old, new: new) }
  }

  /// Emits the reducer's rejection of an action; a listener's prints `↳ … rejected: <error>`.
  package func recordRejection(of action: Action, error: any Error, origin: DispatchEvent.Origin, text known: String?) {
    var text = known ?? ""
    if known == nil {
      do {
        let described = try describe(action)
        text = described.text
        noteIfMissing(described.path)
      } catch {
        text = "(an action that cannot be printed: \(error.message))"
      }
    }
    events.emit(.dispatched(DispatchEvent(action: text, origin: origin, diff: nil, rejection: String(describing: error))))
  }

  /// The whole state, as `debug state` prints it.
  private func emitState(_ state: State) {
    do {
      for line in ValuePrinter.pretty(try ValueEncoder.encodeForShell(state)) {
        events.emit(.log(LogLine(category: .state, level: .debug, text: line)))
      }
    } catch {
      events.emit(.output([.error(error.message)]))
    }
  }

  /// Whether `hide` matches the action; an action that cannot be written out is never hidden.
  private func isHidden(_ action: Action) -> Bool {
    guard !hiddenActions.patterns.isEmpty, let value = try? ValueEncoder.encodeForShell(action),
      let path = catalog.path(of: value)
    else { return false }
    return hiddenActions.hides(path)
  }
}
