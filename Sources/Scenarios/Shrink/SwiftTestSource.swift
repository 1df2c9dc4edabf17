/// A Swift Testing test that runs a shrunk scenario on `ReplShellTesting`: the script and its
/// golden written into the source, so the test needs no file beside it.
struct SwiftTestSource {
  /// The test function's name, from the file's (`StaleResults.swift` → `staleResults`).
  let testName: String
  /// The domain's name, written as the `Domain` static member the app declares (`.counter`).
  let domain: String
  /// The module that declares it, imported.
  let module: String
  let script: String
  let golden: String
  /// What the shrunk sequence breaks, for the doc comment.
  let summary: String

  var text: String {
    """
    \(module.isEmpty || module == "ReplShellTesting" ? "" : "import \(module)\n")import ReplShellTesting
    import Testing

    /// Shrunk by `shrink`: \(summary.replacingOccurrences(of: "\n", with: " ")).
    /// Fails while the bug is there; passes once it is fixed.
    @MainActor @Test func \(Self.identifier(testName))() async {
      await ScenarioTest.check(
        domains: [.\(Self.identifier(domain, lowercasingFirst: false))],
        script: \(Self.literal(script, indent: "    ")),
        golden: \(Self.literal(golden, indent: "    ")))
    }

    """
  }

  /// `name` as a Swift identifier: letters, digits and underscores, not starting with a digit,
  /// in backticks when it is a keyword.
  static func identifier(_ name: String, lowercasingFirst: Bool = true) -> String {
    var words: [String] = []
    var current = ""
    for character in name {
      if character.isLetter || character.isNumber || character == "_" {
        current.append(character)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    guard var joined = words.first else { return "shrunk" }
    for word in words.dropFirst() { joined += word.prefix(1).uppercased() + word.dropFirst() }
    if lowercasingFirst { joined = joined.prefix(1).lowercased() + joined.dropFirst() }
    if joined.first?.isNumber == true { joined = "_" + joined }
    return ["func", "class", "struct", "enum", "let", "var", "import", "in", "is", "as", "default", "case", "return"].contains(joined) ? "`\(joined)`" : joined
  }

  /// `text` as a raw multi-line string literal, each line indented by `indent`: enough `#`s that
  /// nothing in it ends the literal or starts an interpolation.
  static func literal(_ text: String, indent: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
    let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }
    return "\(hashes)\"\"\"\n" + lines.joined(separator: "\n") + "\n\(indent)\"\"\"\(hashes)"
  }
}
