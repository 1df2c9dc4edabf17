import ReplShellDomain
import ReplShellSession
import SessionProtocol
import StateValues
/// What an inspector reads of a shell between commands: the state as a tree, where the history
/// is, whether the session is on a running app's live store, and the shell's redactions as they
/// stand. Reading changes nothing and emits nothing.
@MainActor public final class ShellInspection {
  /// The live view `inspect` starts, when the front end made one (the app registered an inspector).
  public var inspector: (any SessionInspector)? {
    // What the session does before `inspect` is typed is kept for the page it serves.
    didSet { if inspector != nil { shell?.events.keepRecent(SessionEventStream.inspectorBacklog) } }
  }
  /// The shell it reads.
  weak var shell: Shell?
  /// The state tree last walked, and the session and history position it is of. The tree is
  /// encoded off the main actor; every request for that position shares the encoding.
  private var encoded: (session: ObjectIdentifier, mark: HistoryMark, liveRevision: Int?, tree: Task<Swift.Result<StateTree, CommandError>, Never>)?
  /// Stops the search index being laid out for the tree encoded before the last.
  private var indexing: SearchLayoutStop?

  /// An inspection of no shell yet; the shell names itself when it is made.
  init() {}

  /// The running domain's name, nil before any `use`.
  package var domain: String? { shell?.slot.domainName }

  /// `live`, `live, read-only` or `fork` for a session on a running app's store; nil for a local one.
  package var liveness: String? { shell?.slot.livenessName }

  /// The current state as a tree, encoded once per history position on a thread of its own: a
  /// 64k-entry state is written out without holding the main actor, so lines run and events go
  /// out meanwhile; it is then walked and searched as often as the page asks. A live store moves
  /// by the app's own actions too, which leave the history's mark alone: its tree is kept only
  /// while `liveRevision` (how many actions the app's tap has seen) stays the same, and encoded
  /// afresh each time without it.
  func stateTree(liveRevision: Int? = nil) async throws(CommandError) -> StateTree {
    guard let shell else { throw CommandError("the shell has ended") }
    let session = try shell.slot.require(domains: shell.domains)
    let identity = ObjectIdentifier(session)
    let mark = session.historyMark
    let onAppStore = session.backend.isAppStore
    let revision = onAppStore ? liveRevision : nil
    let encoding: Task<Swift.Result<StateTree, CommandError>, Never>
    if !onAppStore || revision != nil, let cached = encoded, cached.session == identity, cached.mark == mark, cached.liveRevision == revision {
      encoding = cached.tree
    } else {
      let encode = session.read(StateEncodingReader())
      encoding = Task.detached {
        await OffMainThread.run { () -> Swift.Result<StateTree, CommandError> in
          do throws(CommandError) {
            return .success(StateTree(root: try encode()))
          } catch {
            return .failure(error)
          }
        }
      }
      encoded = (identity, mark, revision, encoding)
      // The search index is laid out once the tree is, in the background, so that the first
      // search finds it ready; a newer tree stops the older one's.
      indexing?.stop()
      let stop = SearchLayoutStop()
      indexing = stop
      Task.detached {
        guard case .success(let tree) = await encoding.value, !stop.isStopped else { return }
        await OffMainThread.runInBackground("replshell.search-index") { tree.layOutSearchIndex(unless: { stop.isStopped }) }
      }
    }
    return try await encoding.value.get()
  }

  /// The reply to a page's `why` about the state path its tree names `path`: the applied entry
  /// that last changed it, its action redacted.
  package func changedBy(_ path: [String], id: Int) async throws(CommandError) -> InspectorReply.ChangedBy {
    let statePath = try await stateTree().statePath(of: path)
    guard let session = shell?.slot.session else { throw CommandError("the shell has ended") }
    let change = try session.read(LastChange(path: statePath))
    return InspectorReply.ChangedBy(id: id, path: path, entry: change?.entry, action: change.map { redaction($0.action) })
  }

  /// The shell's redactions as they stand, as a function over a text: what the inspector shows
  /// of the state (a node's name and summary) is redacted as the transcript's `state` prints it.
  package var redaction: @Sendable (String) -> String {
    redactionInForce ?? { $0 }
  }

  /// The shell's redactions as they stand when any is in force, as a function over a text; nil
  /// when none is, so that a search of the state may use its search index.
  var redactionInForce: (@Sendable (String) -> String)? {
    guard let redactions = shell?.redactions, redactions.isActive else { return nil }
    return { text in redactions.apply(to: text) }
  }

  /// The shell's redactions as they stand, as a function over an event: the text it carries
  /// redacted as the transcript would print it, commands and comments as written.
  package var eventRedaction: @Sendable (SessionEvent) -> SessionEvent {
    let redactions = shell?.redactions
    return { event in redactions.map { $0.isActive ? $0.apply(to: event) : event } ?? event }
  }

  /// What `tail` applies to the app's actions before they go to this shell: nil when no
  /// redaction is in force, so the app encodes each action once for every shell that redacts nothing.
  package var tailRedaction: (@Sendable (SessionEvent) -> SessionEvent)? {
    shell?.redactsOutput == true ? eventRedaction : nil
  }

  /// How many entries `history` lists and how many of them the current state applies (the
  /// entry `jump` is at); zeros before any `use`.
  package var history: (count: Int, position: Int) {
    guard let position = shell?.slot.session?.read(HistoryPositionReader()) else { return (0, 0) }
    return (position.count, position.applied.values.max() ?? 0)
  }

  /// Where the history is, which store the session is on, and names of the running domain to
  /// show as examples: what a page is sent as it connects, and again when the history moves.
  package var historyReply: InspectorReply.History {
    let history = self.history
    let examples = self.examples
    return InspectorReply.History(
      count: history.count, position: history.position, domain: domain, liveness: liveness, revision: nil, exampleAction: examples.action,
      exampleSelector: examples.selector)
  }

  /// An action case path and a selector of the running domain, for the page's fields to show
  /// as examples: an action without parameters and a selector without parameters, of numeric
  /// output (the page plots it), when the domain has them; nils before any `use`.
  package var examples: (action: String?, selector: String?) {
    shell?.slot.session?.read(Examples()) ?? (nil, nil)
  }

  /// The output types a selector's signature names that the page can plot.
  fileprivate static let numericTypeNames: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Decimal"]

  /// Starts the inspector on `port`, or says how to add one; returns the address to open.
  func start(port: Int) async throws(CommandError) -> String {
    guard let inspector else { throw .noInspector }
    return try await inspector.start(port: port)
  }
}

extension CommandError {
  /// What every front end says when `inspect` or `--inspect` finds no inspector registered, with
  /// how to add one.
  package static let noInspector = CommandError(
    "this shell has no inspector: add the `ReplShellInspector` product to the executable and `static func makeInspector(_ host: InspectorHost) -> (any SessionInspector)? { WebInspector(host: host) }` to its `ReplShellApp` type (`import ReplShellInspector`)")
}

extension ShellInspection {
  /// The applied entry that last changed a value, read on the typed session.
  struct LastChange: SessionReader {
    /// Where the value is in the state.
    let path: StatePath

    /// The entry, as `history` numbers and writes it; nil when none changed the value.
    func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
      _ session: DomainSession<State, Action>
    ) throws(CommandError) -> (entry: Int, action: String)? {
      try session.whyIndex.lastChange(of: path)
    }
  }

  /// The example action and selector a page shows, read on the typed session.
  struct Examples: SessionReader {
    typealias Failure = Never

    /// An action without parameters and a selector without parameters, of numeric output when
    /// the domain has one.
    func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
      _ session: DomainSession<State, Action>
    ) -> (action: String?, selector: String?) {
      let selectors = session.checks.selectorSignatures
      let names = ExampleNames(
        domain: session.domainName, catalog: session.printer.catalog, selectors: selectors.map { (name: $0.name, parameters: $0.parameters) })
      let action = names.action ?? session.printer.catalog.cases.first?.pathText
      let plain = selectors.filter { $0.parameters.isEmpty }
      let numeric = plain.first { ShellInspection.numericTypeNames.contains(String($0.signature.split(separator: " -> ").last ?? "")) }
      return (action, (numeric ?? plain.first ?? selectors.first)?.name)
    }
  }
}
