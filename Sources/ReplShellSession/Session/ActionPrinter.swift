import ReplShellDomain
import SessionProtocol
import StateValues
/// How a session writes its actions: as the shell types them, with their case path; which the
/// output leaves out (`hide`); a note, once per case, for a case the catalog lacks; the whole
/// state when `debug state` is on.
@MainActor public final class ActionPrinter<State: Sendable, Action: Sendable> {
  /// The domain's name, for notes.
  public let domainName: String
  /// The domain's action cases.
  public let catalog: ActionCatalog
  /// Where notes and `debug state` go.
  private let events: SessionEventStream
  /// The action cases `hide` keeps out of the output.
  public var hiddenActions = HiddenActions()
  /// The case paths dispatched that the catalog lacks, each noted once.
  private var notedMissingCases: Set<[String]> = []

  /// A printer for the actions of `domainName`, read with `catalog`, its notes going to `events`.
  init(domainName: String, catalog: ActionCatalog, events: SessionEventStream) {
    self.domainName = domainName
    self.catalog = catalog
    self.events = events
  }

  /// The action as the shell writes it, and its case path.
  public func describe(_ action: Action) throws(CommandError) -> (text: String, path: [String]?) {
    let value = try ValueEncoder.encodeForShell(action)
    return (catalog.text(for: value), catalog.path(of: value))
  }

  /// The action as the shell writes it.
  public func actionText(_ action: Action) throws(CommandError) -> String {
    try describe(action).text
  }

  /// The action as the shell writes it, noting once a case the catalog lacks; when it cannot be
  /// written, a stand-in text and the error.
  func text(of action: Action) -> (text: String, failure: CommandError?) {
    do {
      let described = try describe(action)
      noteIfMissing(described.path)
      return (described.text, nil)
    } catch {
      return ("(an action that cannot be printed: \(error.message))", error)
    }
  }

  /// A note, once per case, when an action's case is not in the catalog: the shell can print it
  /// but not read it back, complete it or list it.
  func noteIfMissing(_ path: [String]?) {
    guard let path, !catalog.cases.contains(where: { $0.path == path }), notedMissingCases.insert(path).inserted else { return }
    let name = path.joined(separator: ".")
    events.emit(.note("`\(name)` is not in the \(domainName) domain's action catalog: add an example of it to `actionExamples`, so that it can be typed, completed and listed"))
  }

  /// The whole state, as `debug state` prints it.
  func emitState(_ state: State) {
    do {
      for line in ValuePrinter.pretty(try ValueEncoder.encodeForShell(state)) {
        events.emit(.log(LogLine(category: .state, level: .debug, text: line)))
      }
    } catch {
      events.emit(.output([.error(error.message)]))
    }
  }

  /// Whether `hide` matches the action; an action that cannot be written out is never hidden.
  func isHidden(_ action: Action) -> Bool {
    guard !hiddenActions.patterns.isEmpty, let value = try? ValueEncoder.encodeForShell(action),
      let path = catalog.path(of: value)
    else { return false }
    return hiddenActions.hides(path)
  }

  /// Hides the cases `pattern` matches; nil lists what is hidden.
  public func hide(_ pattern: ActionPattern?, column: Int) throws(CommandError) -> [OutputLine] {
    guard let pattern else { return hiddenActions.lines }
    return try hiddenActions.add(pattern, catalog: catalog, column: column)
  }

  /// Shows what `pattern` hid again, or everything hidden when nil.
  public func unhide(_ pattern: ActionPattern?, column: Int) throws(CommandError) -> [OutputLine] {
    try hiddenActions.remove(pattern, column: column)
  }
}
