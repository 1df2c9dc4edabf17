import Foundation

/// What the shell asks of a running domain session, whatever its state and action types.
@MainActor protocol AnyDomainSession: AnyObject {
  var domainName: String { get }
  var catalog: ActionCatalog { get }
  var selectorSignatures: [(name: String, signature: String, parameters: [(label: String, completions: [String])])] { get }
  var buffer: OutputBuffer { get }
  var onWaiting: (@MainActor (Bool) -> Void)? { get set }
  func dispatch(_ expression: Expression) async throws(CommandError) -> DispatchOutcome
  func select(_ call: SelectorCall) throws(CommandError) -> [OutputLine]
  func expect(_ call: SelectorCall, equals expected: Expression) throws(CommandError) -> [OutputLine]
  func state(at path: [String], column: Int) throws(CommandError) -> [OutputLine]
  var lastDispatchLines: [OutputLine] { get }
  var historyLines: [OutputLine] { get }
  func watch(_ call: SelectorCall) throws(CommandError) -> [OutputLine]
  func unwatch(_ name: String?) throws(CommandError) -> [OutputLine]
  func settle() async throws(CommandError)
  func statePaths(matching prefix: String) -> [String]
  func close() async
}

/// How a dispatch ended.
enum DispatchOutcome {
  /// The reducer accepted the action; the lines are its diff and what listeners did.
  case dispatched
  /// The reducer threw; the state is unchanged.
  case rejected(String)
}

/// A running domain: its store, listeners, history, watches and the last diff.
@MainActor final class DomainSession<State: Codable & Sendable, Action: Codable & Equatable & Sendable>: AnyDomainSession {
  /// One dispatched action and who dispatched it.
  struct HistoryEntry {
    let action: Action
    let byListener: Bool
  }

  /// A selector that is re-evaluated after each dispatch.
  struct Watch {
    let call: SelectorCall
    let selector: PreparedSelector<State, Action>
    var lastValue: Value
  }

  let domainName: String
  let catalog: ActionCatalog
  let selectors: [SelectorDefinition<State, Action>]
  let store: SessionStore<State, Action>
  let buffer: OutputBuffer
  let settleTimeout: Duration
  /// Diffs this domain's states, with its own specialized dictionary comparisons.
  let stateDiff: StateDiff
  var keepAlive: (any Sendable)?
  var onWaiting: (@MainActor (Bool) -> Void)?
  private(set) var history: [HistoryEntry] = []
  private(set) var lastDispatchLines: [OutputLine] = []
  private var watches: [Watch] = []
  /// The current state as a `Value`.
  var stateValue: Value { encodedState ?? store.select { state in (try? ValueEncoder.encode(state)) ?? .null } }
  /// The current state encoded, kept only while it is small: then encoding the next state and
  /// diffing the two `Value`s is cheapest. Large states are diffed on the Swift values instead.
  private var encodedState: Value?
  /// The most nodes a state may have for `encodedState` to be kept.
  static var smallStateLimit: Int { 2_000 }
  private var dispatchingUserAction = false
  /// Recently decoded action texts and their actions.
  private var decodedActions: [String: Action] = [:]
  private static var decodedActionsLimit: Int { 1_024 }
  /// The diff lines of the dispatch under way and of what listeners dispatched after it.
  private var currentDiffLines: [OutputLine] = []

  init(
    domainName: String, catalog: ActionCatalog, selectors: [SelectorDefinition<State, Action>], initialState: State,
    reducer: @escaping @Sendable (State, Action) throws -> State, stateDiff: StateDiff, buffer: OutputBuffer,
    settleTimeout: Duration
  ) {
    self.stateDiff = stateDiff
    self.domainName = domainName
    self.catalog = catalog
    self.selectors = selectors
    self.store = SessionStore(initialState: initialState, reducer: reducer)
    self.buffer = buffer
    self.settleTimeout = settleTimeout
    self.encodedState = Self.keptEncoding(of: initialState)
    store.didDispatch = { [unowned self] old, action, new in
      self.record(old: old, action: action, new: new)
    }
  }

  var selectorSignatures: [(name: String, signature: String, parameters: [(label: String, completions: [String])])] {
    selectors.map { ($0.name, $0.signature, $0.parameters.map { ($0.label, $0.completions) }) }
  }

  private static func keptEncoding(of state: State) -> Value? {
    guard let encoded = try? ValueEncoder.encode(state) else { return nil }
    return encoded.nodeCount(upTo: smallStateLimit) <= smallStateLimit ? encoded : nil
  }

  func close() async {
    store.finishStreams()
    if let resource = keepAlive as? any SessionResource {
      await resource.close()
    }
    keepAlive = nil
  }
}

extension DomainSession {
  /// Reads an action typed as text, as `dispatch` does.
  nonisolated static func parseAction(_ text: String, catalog: ActionCatalog) throws(CommandError) -> Action {
    var parser = try ExpressionParser(text, startColumn: 1)
    let expression = try parser.parseActionPath()
    try parser.expectEnd()
    return try decodeAction(expression, catalog: catalog)
  }

  nonisolated static func decodeAction(_ expression: Expression, catalog: ActionCatalog) throws(CommandError) -> Action {
    guard case .member(_, let path, let arguments) = expression.kind else {
      throw CommandError("expected an action case, found \(expression.summary)", column: expression.column)
    }
    let actionCase = try catalog.resolve(path, column: expression.column)
    switch ((arguments ?? []).isEmpty, actionCase.parameters.isEmpty) {
    case (true, false):
      throw CommandError("`\(actionCase.pathText)` needs arguments: \(actionCase.signature)", column: expression.column)
    case (false, true):
      throw CommandError("`\(actionCase.pathText)` takes no arguments", column: expression.column)
    default:
      break
    }
    let nested = catalog.expression(for: actionCase, arguments: arguments?.isEmpty == true ? nil : arguments, column: expression.column)
    return try ValueDecoder.decode(Action.self, from: nested)
  }

  /// The action an expression decodes to, remembered for recently dispatched texts: decoding is pure.
  private func action(for expression: Expression) throws(CommandError) -> Action {
    let text = expression.sourceText
    if let known = decodedActions[text] {
      return known
    }
    let action = try Self.decodeAction(expression, catalog: catalog)
    if decodedActions.count >= Self.decodedActionsLimit { decodedActions.removeAll(keepingCapacity: true) }
    decodedActions[text] = action
    return action
  }

  func dispatch(_ expression: Expression) async throws(CommandError) -> DispatchOutcome {
    let action = try action(for: expression)
    dispatchingUserAction = true
    defer { dispatchingUserAction = false }
    do {
      try store.dispatch(action: action)
    } catch {
      return .rejected(String(describing: error))
    }
    dispatchingUserAction = false
    try await settle()
    lastDispatchLines = currentDiffLines
    currentDiffLines = []
    return .dispatched
  }

  private func record(old: State, action: Action, new: State) {
    let byListener = !dispatchingUserAction
    history.append(HistoryEntry(action: action, byListener: byListener))
    var diffLines: [OutputLine] = []
    if byListener || buffer.isEnabled(.actions) {
      let text = catalog.text(for: (try? ValueEncoder.encode(action)) ?? .null)
      if byListener {
        let shown = text.count <= ValuePrinter.lineWidth ? text : Self.pathOnly(text) + "(…)"
        diffLines.append(.note("↳ \(shown)   (listener)"))
      }
      buffer.log(.actions, text)
    }
    if !byListener {
      currentDiffLines = []
    }
    let diff: [OutputLine]
    if let previous = encodedState {
      let encoded = (try? ValueEncoder.encode(new)) ?? .null
      diff = ValueDiff.lines(from: previous, to: encoded)
      encodedState = encoded.nodeCount(upTo: Self.smallStateLimit) <= Self.smallStateLimit ? encoded : nil
    } else {
      diff = stateDiff.lines(from: old, to: new)
    }
    diffLines += diff.isEmpty ? [.note("no change")] : diff
    currentDiffLines += diffLines
    buffer.append(contentsOf: diffLines)
    if buffer.isEnabled(.state) {
      buffer.append(contentsOf: ValuePrinter.pretty((try? ValueEncoder.encode(new)) ?? .null).map { .log("state", $0) })
    }
    updateWatches(state: new, action: action)
  }

  private static func pathOnly(_ text: String) -> String {
    String(text.prefix { $0 != "(" })
  }

  private func updateWatches(state: State, action: Action) {
    for index in watches.indices {
      let watch = watches[index]
      if let filter = watch.selector.filter, !filter(state, action) {
        buffer.log(.selectors, "\(watch.call.text): skipped, the filter rejects this action")
        continue
      }
      buffer.log(.selectors, "\(watch.call.text): recomputed")
      let value = watch.selector.evaluate(state).value
      if value != watch.lastValue {
        watches[index].lastValue = value
        appendValue(value, intro: "watch \(watch.call.text) → ")
      }
    }
  }

  private func appendValue(_ value: Value, intro: String) {
    var lines: [String] = []
    ValuePrinter.appendPretty(value, prefix: intro, suffix: "", indent: 0, to: &lines)
    buffer.append(contentsOf: lines.map(OutputLine.plain))
  }

  func settle() async throws(CommandError) {
    let tracker = store.tracker
    if tracker.isIdle { return }
    let timeout = settleTimeout
    let progress = Task { @MainActor [weak self] in
      try await Task.sleep(for: .milliseconds(250))
      self?.onWaiting?(true)
    }
    defer {
      progress.cancel()
      onWaiting?(false)
    }
    let settled = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await tracker.waitUntilIdle()
        return true
      }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    if Task.isCancelled {
      throw CommandError("interrupted: listeners are still at work; what they dispatch shows with the next command")
    }
    if !settled {
      throw CommandError("listeners did not finish their side effects within \(timeout); the session may be out of date")
    }
  }
}

extension DomainSession {
  private func prepare(_ call: SelectorCall) throws(CommandError) -> PreparedSelector<State, Action> {
    let named = selectors.filter { $0.name == call.name }
    // Overloads (`selectCategory(categoryId:)`, `selectCategory(animalId:)`) are told apart by their labels.
    let labels = call.arguments.map(\.label)
    let chosen = named.first { $0.parameters.map(\.label) == labels.compactMap { $0 } } ?? named.first
    guard let definition = chosen else {
      let suggestions = Suggestions.closest(to: call.name, among: selectors.map(\.name))
      let hint = suggestions.isEmpty ? "type `selectors` for the list" : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))?"
      throw CommandError("unknown selector `\(call.name.truncatedForMessage)`: \(hint)", column: call.column)
    }
    return try definition.prepare(call)
  }

  func select(_ call: SelectorCall) throws(CommandError) -> [OutputLine] {
    let prepared = try prepare(call)
    let value = store.select { state in prepared.evaluate(state).value }
    return SelectionRenderer.lines(for: value)
  }

  func expect(_ call: SelectorCall, equals expected: Expression) throws(CommandError) -> [OutputLine] {
    let prepared = try prepare(call)
    let output = store.select { state in prepared.evaluate(state) }
    guard try output.matches(expected) else {
      var lines = ["expectation failed: \(call.text) == \(expected.sourceText)"]
      ValuePrinter.appendPretty(output.value, prefix: "actual: ", suffix: "", indent: 2, to: &lines)
      throw CommandError(lines.joined(separator: "\n"), column: call.column)
    }
    return [.note("ok")]
  }

  func state(at path: [String], column: Int) throws(CommandError) -> [OutputLine] {
    var value = stateValue
    var walked: [String] = []
    for component in path {
      let children = value.namedChildren
      guard let child = children.first(where: { $0.name == component }) else {
        let place = walked.isEmpty ? "the state" : "`" + walked.joined(separator: ".") + "`"
        let names = children.map(\.name)
        let hint = names.isEmpty ? "it has no parts" : "it has " + names.prefix(12).map { "`\($0)`" }.joined(separator: ", ")
        throw CommandError("\(place) has no `\(component.truncatedForMessage)`: \(hint)", column: column)
      }
      value = child.value
      walked.append(component)
    }
    return ValuePrinter.pretty(value).map(OutputLine.plain)
  }

  func statePaths(matching prefix: String) -> [String] {
    var components = prefix.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    components.removeLast()
    var value = stateValue
    for component in components {
      guard let child = value.namedChildren.first(where: { $0.name == component }) else { return [] }
      value = child.value
    }
    let base = components.isEmpty ? "" : components.joined(separator: ".") + "."
    return value.namedChildren.prefix(200).map { base + $0.name + ($0.value.namedChildren.isEmpty ? "" : ".") }
  }

  var historyLines: [OutputLine] {
    if history.isEmpty { return [.note("no actions dispatched yet")] }
    let width = String(history.count).count
    return history.enumerated().map { index, entry in
      let number = String(repeating: " ", count: width - String(index + 1).count) + String(index + 1)
      let text = catalog.text(for: (try? ValueEncoder.encode(entry.action)) ?? .null)
      return .plain("\(number)  \(entry.byListener ? "↳ " : "")\(text)\(entry.byListener ? "   (listener)" : "")")
    }
  }

  func watch(_ call: SelectorCall) throws(CommandError) -> [OutputLine] {
    let prepared = try prepare(call)
    let value = store.select { state in prepared.evaluate(state).value }
    watches.removeAll { $0.call.text == call.text }
    watches.append(Watch(call: call, selector: prepared, lastValue: value))
    var lines: [String] = []
    ValuePrinter.appendPretty(value, prefix: "watching \(call.text) → ", suffix: "", indent: 0, to: &lines)
    return lines.map(OutputLine.plain)
  }

  func unwatch(_ name: String?) throws(CommandError) -> [OutputLine] {
    guard let name else {
      let count = watches.count
      watches.removeAll()
      return [.note(count == 0 ? "nothing was watched" : "stopped watching \(count) selector\(count == 1 ? "" : "s")")]
    }
    let before = watches.count
    watches.removeAll { $0.call.name == name || $0.call.text == name }
    guard watches.count < before else {
      throw CommandError("`\(name.truncatedForMessage)` is not watched; watched: \(watches.isEmpty ? "none" : watches.map(\.call.text).joined(separator: ", "))")
    }
    return [.note("stopped watching \(name)")]
  }
}

extension Value {
  /// The number of nodes in the value, counting stops a little past `limit`.
  func nodeCount(upTo limit: Int) -> Int {
    var count = 1
    func add(_ child: Value) {
      if count <= limit { count += child.nodeCount(upTo: limit - count) }
    }
    switch self {
    case .array(let elements):
      elements.forEach(add)
    case .dictionary(let entries):
      for entry in entries {
        add(entry.key)
        add(entry.value)
      }
    case .structure(_, let fields), .enumCase(_, _, let fields?):
      for field in fields { add(field.value) }
    default:
      break
    }
    return count
  }

  /// The parts `state a.b` can walk into: struct fields and case arguments by label, dictionary entries by key.
  var namedChildren: [(name: String, value: Value)] {
    switch self {
    case .structure(_, let fields), .enumCase(_, _, let fields?):
      return fields.map { ($0.label, $0.value) }
    case .dictionary(let entries):
      return Value.sortedEntries(entries).map { entry in
        switch entry.key {
        case .string(let key): (key, entry.value)
        default: (ValuePrinter.singleLine(entry.key), entry.value)
        }
      }
    default:
      return []
    }
  }
}
