import Foundation

/// What a test that compares a transcript with its golden writes, as swift-snapshot-testing's
/// record modes say: `missing` writes a golden that is not there yet, `failed` also rewrites one
/// that differs, `all` rewrites every one whose text would change, `never` writes nothing. A golden written is still a test
/// failure, so that a person reads it before committing it; and where `CI` is set nothing is
/// ever written, whatever the mode, so that a CI run cannot pass by creating its own goldens.
///
/// ```
/// REPLSHELL_RECORD=failed swift test    # rewrite the goldens that differ, then read the diffs
/// ```
public enum RecordMode: String, Sendable, CaseIterable {
  /// Writes nothing: a missing or differing golden is a failure.
  case never
  /// Writes a golden that is not there yet; the default outside CI.
  case missing
  /// Writes a golden that is missing or differs from the transcript.
  case failed
  /// Writes every golden whose text would change: as `failed`, and also one that matches but is
  /// not byte for byte what `--update` writes (its wildcards are kept where they still match).
  case all

  /// The environment variable that names the mode: `REPLSHELL_RECORD`.
  public static let variable = "REPLSHELL_RECORD"

  /// The mode for tests run in `environment`: `never` where `CI` is set; else the mode
  /// `REPLSHELL_RECORD` names; else `missing`. A value that names no mode is an error that lists
  /// the modes.
  public static func current(in environment: [String: String] = ProcessInfo.processInfo.environment) throws(RecordMode.UnknownName) -> RecordMode {
    guard environment["CI"] == nil else { return .never }
    guard let given = environment[variable], !given.isEmpty else { return .missing }
    guard let mode = RecordMode(rawValue: given) else { throw UnknownName(value: given) }
    return mode
  }

  /// This mode where the tests run in `environment`: `never` where `CI` is set, this mode elsewhere.
  public func allowed(in environment: [String: String] = ProcessInfo.processInfo.environment) -> RecordMode {
    environment["CI"] == nil ? self : .never
  }

  /// Whether a golden is written, given whether it is missing and whether it differs.
  public func writes(missing: Bool, differs: Bool) -> Bool {
    switch self {
    case .never: false
    case .missing: missing
    case .failed: missing || differs
    case .all: true
    }
  }
}

extension RecordMode {
  /// `REPLSHELL_RECORD` holds a value that names no record mode.
  public struct UnknownName: Error, Sendable, Equatable, CustomStringConvertible {
    /// The value given.
    public let value: String

    public var description: String {
      "\(RecordMode.variable)=\(value) names no record mode: give never, missing, failed or all"
    }
  }
}
