import Foundation
import ReplShellFoundation
import StateValues

/// A golden file compared with a new transcript, honouring the golden's wildcards: `[..]` in a
/// line stands for any text within that line, and a line of its own `...` for any number of
/// lines (none included). `--check` passes when the transcript matches; `--update` writes
/// `updatedGolden`, which keeps each wildcard wherever the new transcript still matches it.
public struct GoldenComparison: Sendable {
  /// The text within a line that matches anything.
  public static let lineWildcard = "[..]"
  /// The line that matches any number of lines.
  public static let linesWildcard = "..."
  /// The most cells the alignment of a golden with wildcards may take; beyond it the new
  /// transcript is taken as is.
  private static let alignmentLimit = 4_000_000

  /// The golden as it is on disk.
  public let golden: String
  /// True when the transcript matches the golden, wildcards honoured.
  public let matches: Bool
  /// What `--update` writes: the new transcript, with the golden's wildcard lines wherever they
  /// still match it. It matches the transcript by construction.
  public let updatedGolden: String

  /// Compares `golden` with `transcript`.
  public init(golden: String, transcript: String) {
    self.golden = golden
    let expected = Self.lines(of: golden)
    let actual = Self.lines(of: transcript)
    let updated = Self.merge(expected, actual)
    self.matches = updated.isMatch
    self.updatedGolden = updated.lines.map { $0 + "\n" }.joined()
  }

  /// Compares `transcript` with the golden file at `url`; nil when there is no golden there.
  /// A golden that is there but cannot be read is an error that says why.
  public init?(goldenAt url: URL, transcript: String) throws(CommandError) {
    guard let golden = try Self.read(at: url) else { return nil }
    self.init(golden: golden, transcript: transcript)
  }

  /// The text of the golden at `url`; nil when there is no file there; an error naming the
  /// golden and why when it is a link, a folder or anything but a regular file, is over four times
  /// a script's size limit, cannot be opened or is not UTF-8 text.
  public static func read(at url: URL) throws(CommandError) -> String? {
    var status = stat()
    guard lstat(url.path, &status) == 0 else { return nil }
    do {
      return try FileReach.anywhere.readText(url.path, budget: Budget.current.holding(bytes: ScriptRunner.scriptSizeLimit * 4))
    } catch {
      throw CommandError("cannot read the golden \(error.path): \(error.reason)")
    }
  }

  /// The unified diff of the golden against what `--update` would write: only the lines the
  /// wildcards do not cover; empty when the transcript matches.
  public func diff(goldenName: String, transcriptName: String) -> String {
    matches ? "" : UnifiedDiff.make(old: golden, new: updatedGolden, oldName: goldenName, newName: transcriptName)
  }

  /// Whether a golden line matches a transcript line: equal, or equal outside its `[..]`s.
  static func line(_ pattern: String, matches text: String) -> Bool {
    guard pattern != text else { return true }
    guard pattern.contains(lineWildcard) else { return false }
    let pieces = pattern.components(separatedBy: lineWildcard)
    guard let first = pieces.first, let last = pieces.last, text.hasPrefix(first) else { return false }
    var rest = text.dropFirst(first.count)
    for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
      guard let found = rest.range(of: piece) else { return false }
      rest = rest[found.upperBound...]
    }
    return rest.count >= last.count && rest.hasSuffix(last)
  }

  private static func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The golden lines kept where they match, the transcript's lines elsewhere, and whether
  /// everything matched: the common ends first, then the least-edit alignment of the middle.
  private static func merge(_ expected: [String], _ actual: [String]) -> (lines: [String], isMatch: Bool) {
    var prefix = 0
    while prefix < expected.count, prefix < actual.count, expected[prefix] != linesWildcard,
      line(expected[prefix], matches: actual[prefix])
    {
      prefix += 1
    }
    var suffix = 0
    while suffix < expected.count - prefix, suffix < actual.count - prefix,
      expected[expected.count - 1 - suffix] != linesWildcard,
      line(expected[expected.count - 1 - suffix], matches: actual[actual.count - 1 - suffix])
    {
      suffix += 1
    }
    let middleExpected = Array(expected[prefix..<(expected.count - suffix)])
    let middleActual = Array(actual[prefix..<(actual.count - suffix)])
    let hasWildcards = middleExpected.contains { $0 == linesWildcard || $0.contains(lineWildcard) }
    let middle: (lines: [String], isMatch: Bool)
    if middleExpected == middleActual {
      middle = (middleActual, true)
    } else if hasWildcards, (middleExpected.count + 1) * (middleActual.count + 1) <= alignmentLimit {
      middle = WildcardAlignment(expected: middleExpected, actual: middleActual).merged()
    } else {
      middle = (middleActual, false)
    }
    return (Array(expected[..<prefix]) + middle.lines + Array(expected[(expected.count - suffix)...]), middle.isMatch)
  }
}
