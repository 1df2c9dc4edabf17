import ReplShellDomain
import ReplShellSession
import StateValues
/// The action a generated or simplified payload stands for, read as `dispatch` reads a typed
/// action: `explore` and `shrink` make payloads that need not be actions, and one that is not is
/// not tried. That answer is the nil, not an error.
enum PayloadParsing {
  /// The action `payload` is, written as text and parsed; nil when it is no action of `catalog`.
  static func action<Action: Decodable>(_ payload: Value, catalog: ActionCatalog) -> Action? {
    try? ActionCache<Action>.parseAction(catalog.text(for: payload), catalog: catalog)
  }
}
