import ReplShellDomain
import ReplShellSession
/// How a command's output is laid out and redacted, as the shell's settings stand: what `width`,
/// `expanded` and `redact` change and what `select` and `state` print by.
@MainActor public struct OutputControl {
  /// The shell whose settings these are.
  let host: any CommandHost

  /// How tables print, as `width` and `expanded` set it.
  var tables: TableSettings {
    get { host.tables }
    nonmutating set { host.tables = newValue }
  }

  /// The width of the terminal output goes to; nil when it goes to none.
  var terminalColumns: Int? { host.terminalColumns }

  /// The layout of a table printed now.
  var tableLayout: TableLayout { tables.layout(terminalColumns: terminalColumns) }

  /// The redactions in force.
  var redactions: RedactionList { host.redactions }

  /// Switches a redaction on from this line on.
  func addRedaction(_ redaction: Redaction) {
    host.addRedaction(redaction)
  }
}
