import ReplShellDomain
import StateValues
extension ExampleNames {
  /// Reads the names of a running session: its domain's and, when `readsState`, a path into
  /// its state and the selector's output now (reading a large state takes a while).
  @MainActor public struct Reading: SessionReader {
    /// Reading them cannot fail.
    public typealias Failure = Never
    /// Whether a path into the state and a selector's output are read too.
    let readsState: Bool

    /// A reading of the names, of the state too when `readsState`.
    public init(readsState: Bool) {
      self.readsState = readsState
    }

    /// The names of `session`.
    public func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
      _ session: DomainSession<State, Action>
    ) -> ExampleNames {
      let selectors = session.checks.selectorSignatures.map { (name: $0.name, parameters: $0.parameters) }
      var names = ExampleNames(domain: session.domainName, catalog: session.printer.catalog, selectors: selectors)
      guard readsState else { return names }
      if let state = try? session.stateEncoding()() {
        names.path = ExampleNames.path(into: state)
      }
      if let selector = names.selector, selectors.first(where: { $0.name == selector })?.parameters.isEmpty == true,
        let output = try? session.checks.select(SelectorCall(name: selector, arguments: [], column: 1))
      {
        let text = ValuePrinter.singleLine(output)
        if text.count <= 40 { names.value = text }
      }
      return names
    }
  }

  /// A path two levels into `state` (one when the first part is a leaf).
  fileprivate static func path(into state: Value) -> String? {
    guard let first = StateNavigator.children(of: state).first else { return nil }
    var path = StatePath([first.component])
    if let second = StateNavigator.children(of: first.value).first, case .name(let name) = second.component, name.isPlainName {
      path = path.appending(second.component)
    }
    return path.description
  }
}
