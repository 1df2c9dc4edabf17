import ReplShellDomain
/// How a command's output is laid out and redacted, as the shell's settings stand: what `width`,
/// `expanded` and `redact` change and what `select` and `state` print by.
@MainActor package struct OutputControl {
  /// The shell whose settings these are.
  let shell: Shell

  /// How tables print, as `width` and `expanded` set it.
  var tables: TableSettings {
    get { shell.settings.tables }
    nonmutating set { shell.settings.tables = newValue }
  }

  /// The width of the terminal output goes to; nil when it goes to none.
  var terminalColumns: Int? { shell.settings.terminalColumns }

  /// The layout of a table printed now.
  var tableLayout: TableLayout { tables.layout(terminalColumns: terminalColumns) }

  /// The redactions in force.
  var redactions: RedactionList { shell.redactions }

  /// Switches a redaction on from this line on.
  func addRedaction(_ redaction: Redaction) {
    shell.redactions.add(redaction)
  }
}
