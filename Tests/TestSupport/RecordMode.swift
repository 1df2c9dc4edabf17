import Foundation

/// What a test that compares committed text with what the code makes (a manual page, an example
/// in the manual) writes, as swift-snapshot-testing's record modes say: `missing` writes what is
/// not there yet, `failed` rewrites what differs, `all` rewrites everything, `never` writes
/// nothing. `REPLSHELL_RECORD` sets it; without it, `never` under CI and `missing` elsewhere. A
/// text written is still a failure, so that a person reads it before committing it.
package enum RecordMode: String, Sendable {
  case never, missing, failed, all

  /// The mode `REPLSHELL_RECORD` names, else the default for where the tests run.
  package static var current: RecordMode {
    let environment = ProcessInfo.processInfo.environment
    if let given = environment["REPLSHELL_RECORD"], let mode = RecordMode(rawValue: given) { return mode }
    return environment["CI"] == nil ? .missing : .never
  }

  /// Whether text that differs from what the code makes is rewritten.
  package var rewritesDiffering: Bool { self == .failed || self == .all }

  /// Whether a text is written, given whether it is missing and whether it differs.
  package func writes(missing: Bool, differs: Bool) -> Bool {
    switch self {
    case .never: false
    case .missing: missing
    case .failed: differs
    case .all: true
    }
  }

  /// What a failure adds: that the text was written, or how to have it written.
  package func advice(wrote: Bool) -> String {
    wrote ? ", rewritten now: read the change, then commit it" : "; rerun with REPLSHELL_RECORD=failed to rewrite it"
  }
}
