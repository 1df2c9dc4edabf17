import Foundation

/// A part of a transcript that changes from run to run (a timestamp, a UUID, a temporary path),
/// and the name that replaces it, so that a golden stays stable: `redact uuids` in a script, or
/// `Domain(…, volatile: [.uuids, Redaction("took \\d+ ms", as: "[duration]")])` for every script
/// of a domain.
public struct Redaction: Sendable {
  /// What replaces each match, brackets included: `[uuid]`.
  public let name: String
  /// The pattern as written, for listings and error messages.
  public let pattern: String
  /// The compiled pattern; nil for the built-in `paths`, and for a pattern that is not a valid
  /// regular expression (the session refuses to start with one).
  public let expression: NSRegularExpression?
  /// True for the built-in `paths`, which replaces the session's own folders rather than a pattern.
  private let replacesFolders: Bool

  /// A pattern (an `NSRegularExpression`, ICU syntax) whose every match becomes `name`; brackets
  /// are added around a name written without them (`duration` → `[duration]`).
  public init(_ pattern: String, as name: String) {
    self.pattern = pattern
    self.name = Self.bracketed(name)
    self.expression = try? NSRegularExpression(pattern: pattern)
    self.replacesFolders = false
  }

  private init(folders name: String) {
    self.name = name
    self.pattern = "paths"
    self.expression = nil
    self.replacesFolders = true
  }

  /// ISO 8601 timestamps (`2026-01-31T09:15:00Z`, with fractional seconds or an offset) → `[date]`.
  public static let dates = Redaction(
    #"\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?"#, as: "[date]")

  /// UUIDs in either case (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`) → `[uuid]`.
  public static let uuids = Redaction(
    #"\b[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\b"#, as: "[uuid]")

  /// The shell's scratch folder (`$SCRATCH`) → `[scratch]`, and the working directory → `[cwd]`.
  public static let paths = Redaction(folders: "[scratch] [cwd]")

  /// False for a pattern that is not a valid regular expression.
  public var isValid: Bool { expression != nil || replacesFolders }

  /// The built-in redactions by the name a script switches them on with.
  public static let builtIns: [(word: String, redaction: Redaction)] = [("dates", .dates), ("uuids", .uuids), ("paths", .paths)]

  /// `text` with every match replaced; `folders` are the session's scratch folder and working directory.
  public func apply(to text: String, folders: RedactedFolders) -> String {
    if replacesFolders {
      return folders.redact(text)
    }
    guard let expression else { return text }
    let range = NSRange(text.startIndex..., in: text)
    guard expression.firstMatch(in: text, range: range) != nil else { return text }
    return expression.stringByReplacingMatches(
      in: text, range: range, withTemplate: NSRegularExpression.escapedTemplate(for: name))
  }

  private static func bracketed(_ name: String) -> String {
    name.hasPrefix("[") && name.hasSuffix("]") ? name : "[\(name)]"
  }
}

/// The folders `redact paths` replaces: the scratch folder first, since it may lie inside the
/// working directory.
public struct RedactedFolders: Sendable {
  /// The shell's `$SCRATCH` folder.
  public let scratch: String
  /// The process's working directory.
  public let workingDirectory: String

  /// The folders to replace.
  public init(scratch: String, workingDirectory: String) {
    self.scratch = scratch
    self.workingDirectory = workingDirectory
  }

  /// `text` with each folder replaced where it is the whole folder: `/tmp/run/a` and `/tmp/run`
  /// are in `/tmp/run`, `/tmp/run-old/a` is not.
  public func redact(_ text: String) -> String {
    var text = text
    for (folder, name) in [(scratch, "[scratch]"), (workingDirectory, "[cwd]")] where folder.count > 1 && text.contains(folder) {
      let wholeFolder = NSRegularExpression.escapedPattern(for: folder) + #"(?![\w.-])"#
      text = text.replacingOccurrences(
        of: wholeFolder, with: NSRegularExpression.escapedTemplate(for: name), options: .regularExpression)
    }
    return text
  }
}
