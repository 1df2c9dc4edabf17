/// One-line forwarders to the components, for what `AnyDomainSession` still requires and what
/// commands still call by these names. Each says where the work is; none does any. (To be
/// deleted once the commands reach the components through `open(_:)`.)
extension DomainSession {
  package var catalog: ActionCatalog { printer.catalog }
  package var selectorSignatures: [(name: String, signature: String, parameters: [(label: String, completions: [String])])] { checks.selectors.map { ($0.name, $0.signature, $0.parameters.map { ($0.label, $0.completions) }) } }
  package var lastDispatch: [DispatchEvent] { timeline.lastDispatch }
  package func select(_ call: SelectorCall) throws(CommandError) -> Value { try checks.select(call) }
  package func expect(_ predicate: Predicate) throws(CommandError) -> [OutputLine] { try checks.expect(predicate) }
  package func changeInvariants(_ change: InvariantChange) throws(CommandError) -> [OutputLine] { try checks.changeInvariants(change) }
  package func changeBreakpoints(_ change: BreakpointChange) throws(CommandError) -> [OutputLine] { try checks.changeBreakpoints(change) }
  package func tailBreaks() -> TailBreaks? { checks.tailBreaks() }
  package func historyLines(full: Bool) -> [OutputLine] { timeline.history.lines(full: full) }
  package func historyLines(full: Bool, tree: Bool, changed: StatePath?, column: Int) throws(CommandError) -> [OutputLine] { try whyIndex.historyLines(full: full, tree: tree, changed: changed, column: column) }
  package func why(_ path: StatePath, all: Bool, column: Int) throws(CommandError) -> [OutputLine] { try whyIndex.why(path, all: all, column: column) }
  package func lastChange(of path: StatePath) throws(CommandError) -> (entry: Int, action: String)? { try whyIndex.lastChange(of: path) }
  package func changeWatches(_ change: WatchChange) throws(CommandError) -> [OutputLine] { try checks.changeWatches(change) }
  package var historyMark: HistoryMark { timeline.historyMark }
  package var historyPosition: HistoryPosition { timeline.historyPosition }
  package func hide(_ pattern: ActionPattern?, column: Int) throws(CommandError) -> [OutputLine] { try printer.hide(pattern, column: column) }
  package func unhide(_ pattern: ActionPattern?, column: Int) throws(CommandError) -> [OutputLine] { try printer.unhide(pattern, column: column) }
  package func heldEffects() throws(CommandError) -> [EffectScheduler.Effect] { try effects.heldEffects() }
  package var hiddenActions: HiddenActions { printer.hiddenActions }
  package var isWatching: Bool { checks.isWatching }
}
