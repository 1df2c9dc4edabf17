import ReplShellDomain
import StateValues
/// The one way commands match action cases — `hide`, `unhide`, `actions`, `tail --only`,
/// `explore --only` and `--skip`: names separated by `.` that appear in a row in a case's path,
/// the last one as the start of a name. So `ui` matches every UI action, `animalEditor` a whole
/// screen, `onTap` every case whose name starts so, and `timer.didTick` one case.
public struct ActionPattern: Hashable, Sendable, CustomStringConvertible {
  /// The names, outermost first; the last may be the start of a name.
  public let components: [String]

  /// Reads a pattern as typed (a leading `.` is allowed); `column` is where it starts.
  public init(parsing text: String, column: Int) throws(CommandError) {
    let trimmed = text.hasPrefix(".") ? String(text.dropFirst()) : text
    let components = trimmed.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard components.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isIdentifierContinuation) }) else {
      throw CommandError(
        "expected an action pattern such as `ui.animalList` or `onTap` (case names separated by `.`), found `\(text.truncatedForMessage)`",
        column: column)
    }
    self.components = components
  }

  /// The pattern as typed, without a leading dot.
  public var description: String { components.joined(separator: ".") }

  /// Whether a case with this path matches.
  public func matches(_ path: [String]) -> Bool {
    guard let last = components.last, components.count <= path.count else { return false }
    let whole = components.dropLast()
    return (0...(path.count - components.count)).contains { start in
      path[start..<(start + whole.count)].elementsEqual(whole) && path[start + whole.count].hasPrefix(last)
    }
  }

  /// Whether an action written as the shell writes it (`ui.animalList.onAppear`, `didFetch(…)`)
  /// matches: its case path is the text before any `(`.
  public func matches(text: String) -> Bool {
    let path = text.prefix { $0 != "(" }.split(separator: ".").map(String.init)
    return matches(path)
  }
}

extension ActionCatalog {
  /// The cases `pattern` matches, in catalog order; none is an error with the nearest paths.
  public func cases(matching pattern: ActionPattern, column: Int?) throws(CommandError) -> [Case] {
    let matching = cases.filter { pattern.matches($0.path) }
    guard matching.isEmpty else { return matching }
    let suggestions = Suggestions.closest(to: pattern.description, among: patternNames)
    let hint = suggestions.isEmpty ? "type `actions` for the list" : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))?"
    throw CommandError("no action case matches `\(pattern.description.truncatedForMessage)`: \(hint)", column: column)
  }

  /// Every run of names in a row of some case path: the patterns that match whole names.
  public var patternNames: [String] {
    var names: Set<String> = []
    for actionCase in cases {
      for start in actionCase.path.indices {
        for end in (start + 1)...actionCase.path.count {
          names.insert(actionCase.path[start..<end].joined(separator: "."))
        }
      }
    }
    return names.sorted()
  }
}
