import Foundation

/// The names of one domain that help, hints and the inspector's placeholders show, so that a
/// client's shell speaks of the client's app: `help dispatch` in a shell over a bookshelf shows
/// one of its actions, never a sample's. Examples are written as templates with these tokens:
/// `{domain}`, `{action}`, `{actionCall}`, `{pattern}`, `{selector}`, `{selectorCall}`,
/// `{path}` and `{value}`; an example whose token the domain has no name for is left out.
public struct ExampleNames: Sendable, Equatable {
  /// The domain's name, for `use`.
  public var domain: String?
  /// An action case without arguments, as typed.
  public var action: String?
  /// An action with its arguments, from the domain's own examples.
  public var actionCall: String?
  /// An action pattern that matches several cases: the first two names of a case path.
  public var pattern: String?
  /// A selector that takes no arguments (or the first).
  public var selector: String?
  /// A selector with its arguments, when their values are a closed set.
  public var selectorCall: String?
  /// A path two levels into the state.
  public var path: String?
  /// The output of `selector` now, on one line, for `expect` examples.
  public var value: String?

  /// No names: examples keep only what needs none.
  public init() {}

  /// The names of a domain's actions and selectors; a running session adds its state's.
  public init(
    domain: String, catalog: ActionCatalog, selectors: [(name: String, parameters: [(label: String, completions: [String])])]
  ) {
    self.domain = domain
    action = catalog.cases.first { $0.parameters.isEmpty }?.pathText
    if let index = catalog.cases.firstIndex(where: { !$0.parameters.isEmpty }), let example = catalog.examples[index].first {
      actionCall = catalog.text(for: example)
    }
    if let long = catalog.cases.first(where: { $0.path.count > 2 }) ?? catalog.cases.first(where: { $0.path.count > 1 }) {
      pattern = long.path.prefix(2).joined(separator: ".")
    } else {
      pattern = Self.sharedStart(of: catalog.cases.map(\.pathText)) ?? catalog.cases.first?.pathText
    }
    selector = (selectors.first { $0.parameters.isEmpty } ?? selectors.first)?.name
    if let call = selectors.first(where: { !$0.parameters.isEmpty && $0.parameters.allSatisfy { !$0.completions.isEmpty } }) {
      selectorCall = call.name + "(" + call.parameters.map { "\($0.label): \($0.completions[0])" }.joined(separator: ", ") + ")"
    }
  }

  /// The longest start of a name that two names share, when it is at least three characters.
  private static func sharedStart(of names: [String]) -> String? {
    var best = ""
    for (index, name) in names.enumerated() {
      for other in names[(index + 1)...] {
        let shared = String(zip(name, other).prefix { $0 == $1 }.map(\.0))
        if shared.count > best.count { best = shared }
      }
    }
    return best.count >= 3 ? best : nil
  }

  /// `template` with its tokens replaced; nil when the domain has no name for one of them.
  public func render(_ template: String) -> String? {
    var text = template
    let tokens: [(String, String?)] = [
      ("{domain}", domain), ("{actionCall}", actionCall), ("{action}", action), ("{pattern}", pattern),
      ("{selectorCall}", selectorCall), ("{selector}", selector), ("{path}", path), ("{value}", value),
    ]
    for (token, name) in tokens where text.contains(token) {
      guard let name else { return nil }
      text = text.replacingOccurrences(of: token, with: name)
    }
    return text
  }
}
