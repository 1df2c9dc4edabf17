import Foundation
import ReplShellDomain
import StateValues

/// The redactions a shell applies to what commands print: those the running domain declares
/// volatile, then those the script switched on, in order; `--no-redact` switches them all off.
public struct RedactionList: Sendable {
  /// The running domain's volatile patterns, replaced by each `use`.
  public var domain: [Redaction] = []
  /// The ones `redact` switched on, kept from that line on.
  private(set) var script: [Redaction] = []
  /// False under `--no-redact`: the transcript is shown raw.
  public var isEnabled = true
  /// The folders `redact paths` replaces.
  let folders: RedactedFolders

  /// No redaction yet; `redact paths` will replace `folders`.
  public init(folders: RedactedFolders) {
    self.folders = folders
  }

  /// Every redaction in the order they apply.
  var all: [Redaction] { domain + script }

  /// Switches on `redaction`, once.
  public mutating func add(_ redaction: Redaction) {
    guard !script.contains(where: { $0.pattern == redaction.pattern && $0.name == redaction.name }) else { return }
    script.append(redaction)
  }

  /// The lines of `redact` alone: each redaction and what replaces it.
  public var lines: [OutputLine] {
    guard isEnabled else { return [.note("redactions are off (--no-redact)")] }
    let listed = domain.map { (redaction: $0, origin: "   (domain)") } + script.map { (redaction: $0, origin: "") }
    guard !listed.isEmpty else { return [.note("nothing is redacted")] }
    return listed.map { entry in
      let word = Redaction.builtIns.first { $0.redaction.pattern == entry.redaction.pattern }?.word
      return .plain("\(word ?? "/\(entry.redaction.pattern)/") → \(entry.redaction.name)\(entry.origin)")
    }
  }

  /// Whether any redaction applies.
  public var isActive: Bool { isEnabled && !(domain.isEmpty && script.isEmpty) }

  /// `lines` with every redaction applied to each, except echoes, which stay as written.
  public func apply(to lines: [OutputLine]) -> [OutputLine] {
    guard isActive else { return lines }
    return lines.map { line in
      guard line.kind != .echo else { return line }
      let text = apply(to: line.text)
      return text == line.text ? line : OutputLine(line.kind, text)
    }
  }

  /// `value` with every redaction applied to its strings and its keys.
  public func apply(to value: JSONForm) -> JSONForm {
    guard isActive else { return value }
    return value.mappingStrings { apply(to: $0) }
  }

  /// `text` with every redaction applied.
  public func apply(to text: String) -> String {
    all.reduce(text) { text, redaction in redaction.apply(to: text, folders: folders) }
  }
}
