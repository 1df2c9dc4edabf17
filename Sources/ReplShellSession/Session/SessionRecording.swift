import StateValues
/// The lines of a session since it started that succeeded, each with what it printed and where
/// the state stood after it: what `save` turns into a scenario script.
public struct SessionRecording {
  /// One line that succeeded.
  struct Line {
    /// The line as typed.
    let typed: String
    /// What a saved script does with it.
    let role: RecordingRole
    /// What it printed; nil when the terminal's width shaped it, which a script's run does not share.
    let printed: ArraySlice<OutputLine>?
    /// The line without surrounding whitespace, as a saved script holds it.
    var text: String { typed.trimmingLeadingWhitespace.trimmingTrailingWhitespace }
    /// The texts it printed; nil when the terminal's width shaped them.
    var output: [String]? { printed?.map(\.text) }
    /// Where the state stood after it.
    let mark: HistoryMark
  }

  /// One line of a saved script, with what the session printed for it when the script holds it as
  /// typed (a time-travel command is written as the `jump` it amounts to, which prints otherwise).
  public struct ScriptLine: Equatable {
    /// The line as the script holds it.
    public let text: String
    /// What the session printed for it; nil when the script does not hold it as typed or the terminal's
    /// width shaped it.
    public let sessionOutput: [String]?
  }

  /// The domain's name.
  public let domain: String
  /// The options the session started with, as given.
  public let options: [String: String]
  /// The databases and servers the options name: where a replay starts from.
  public let databases: DatabaseStartingPoints
  private(set) var lines: [Line] = []

  /// A recording of a session of `domain` started with `options`, which name `databases`.
  public init(domain: String, options: [String: String], databases: DatabaseStartingPoints? = nil) {
    self.domain = domain
    self.options = options
    self.databases = databases ?? DatabaseStartingPoints(options: options, startingPoints: [:], servers: [:])
  }

  /// `use <domain> --option value …`, options in a stable order, quoted where they need it.
  public static func useLine(domain: String, options: [String: String]) -> String {
    (["use", domain] + options.keys.sorted().flatMap { ["--" + $0, quoted(options[$0] ?? "")] }).joined(separator: " ")
  }

  /// Records a line that succeeded, unless `save` would leave it out whatever happens next;
  /// `output` is nil when what it printed is not for a script's run to match.
  public mutating func append(_ text: String, role: RecordingRole, output: ArraySlice<OutputLine>?, mark: HistoryMark) {
    guard role != .omitted else { return }
    // Kept as they came: a script of many lines records every one, and `save` reads few.
    lines.append(Line(typed: text, role: role, printed: output, mark: mark))
  }

  /// The lines of the saved script after its `use` line, given the position of each history entry
  /// the session's state still applies: undone dispatches are left out with the lines that read
  /// the states they led to, and time travel becomes a `jump` wherever it moves the fresh run.
  public func script(applied: [Int: Int]) -> [ScriptLine] {
    var fresh = 0
    var script: [ScriptLine] = []
    for line in lines {
      switch line.role {
      case .setting:
        script.append(ScriptLine(text: line.text, sessionOutput: line.output))
      case .reading where line.mark.current == fresh:
        script.append(ScriptLine(text: line.text, sessionOutput: line.output))
      case .dispatch where applied[line.mark.lastUserDispatch] != nil:
        script.append(ScriptLine(text: line.text, sessionOutput: line.output))
        fresh = line.mark.current
      case .travel where line.mark.current != fresh:
        let target = line.mark.current
        guard let position = target == 0 ? 0 : applied[target] else { continue }
        script.append(ScriptLine(text: "jump \(position)", sessionOutput: line.text == "jump \(position)" ? line.output : nil))
        fresh = target
      case .reading, .dispatch, .travel, .omitted:
        continue
      }
    }
    return script
  }

  /// A word of the `use` line, quoted as `ShellWords` reads it back when it holds whitespace or quotes.
  private static func quoted(_ word: String) -> String {
    guard word.isEmpty || word.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" }) else { return word }
    return word.contains("\"") ? "'" + word + "'" : "\"" + word + "\""
  }
}
