import ReplShellCommands
import ReplShellFoundation
import ReplShellSession
import StateValues

/// `explore --guided --corpus DIR`: a guided explore's corpus kept in a folder, so that a later
/// run starts from what earlier ones found. The folder holds one file, `explore.corpus`: a
/// comment that says what it is, then each entry as a `# entry N` line followed by its actions
/// as the `dispatch` lines a script types. The file is read within a budget of bytes, entries,
/// actions and line length, and an action that does not read names its line and column.
struct ExploreCorpus: Sendable, Equatable {
  /// One action of an entry as read: its text after `dispatch `, and where that text starts.
  struct Action: Sendable, Equatable {
    let text: String
    let line: Int
    let column: Int
  }

  /// The entries in the file's order, each its actions.
  var entries: [[Action]] = []
  /// The file as errors name it: the folder as typed, then the file's name.
  var name: String
  /// Where `--corpus` is on the command line, for errors.
  var column: Int

  /// The name of the file in the folder.
  static let fileName = "explore.corpus"
  /// The most bytes the file may hold.
  static var sizeLimit: Int { 4 << 20 }
  /// The most entries the file may hold: as many as a guided explore keeps.
  static var entryLimit: Int { 1_000 }
  /// The most actions the file may hold, in all its entries.
  static var actionLimit: Int { 100_000 }
  /// The longest line the file may hold, in bytes.
  static var lineLengthLimit: Int { 64 << 10 }

  /// An empty corpus, named `name` in errors, which are at `column` of the command line.
  init(name: String, column: Int) {
    self.name = name
    self.column = column
  }

  /// The corpus in `folder` (typed as `shown`), read through `reach`: empty when the folder holds
  /// none yet. A file that is not a corpus, or is larger than the limits, is refused with its line
  /// and column, the error at `column` of the command line.
  @MainActor static func read(folder: String, shownAs shown: String, reach: FileReach, column: Int) throws(CommandError) -> ExploreCorpus {
    let path = folder + "/" + fileName
    var corpus = ExploreCorpus(name: shown + (shown.hasSuffix("/") ? "" : "/") + fileName, column: column)
    guard reach.itemExists(at: path) else { return corpus }
    let text: String
    do {
      text = try reach.readText(path, shownAs: corpus.name, budget: Budget.current.holding(bytes: sizeLimit))
    } catch {
      throw CommandError("cannot read the corpus: \(error.description)", column: column)
    }
    try corpus.parse(text)
    return corpus
  }

  /// Reads `text` into entries, refusing what is not a corpus line.
  @MainActor private mutating func parse(_ text: String) throws(CommandError) {
    var current: [Action]?
    var actionCount = 0
    for (index, line) in ScriptLines.lines(of: text).enumerated() {
      let number = index + 1
      guard line.utf8.count <= Self.lineLengthLimit else {
        throw error(line: number, column: 1, "the line is longer than \(Self.lineLengthLimit) bytes, the most a corpus line may hold")
      }
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("# entry") {
        if let current, !current.isEmpty { entries.append(current) }
        guard entries.count < Self.entryLimit else {
          throw error(line: number, column: 1, "the corpus holds more than \(Self.entryLimit) entries, the most a guided explore keeps")
        }
        current = []
        continue
      }
      if ScriptLines.isCommentOrBlank(line) { continue }
      let leading = line.count - trimmed.count
      guard trimmed.hasPrefix("dispatch ") else {
        throw error(line: number, column: leading + 1, "expected `dispatch` and an action: a corpus holds its entries' actions as `dispatch` lines")
      }
      guard current != nil else {
        throw error(line: number, column: leading + 1, "an action before the first `# entry` line: each entry starts with one")
      }
      actionCount += 1
      guard actionCount <= Self.actionLimit else {
        throw error(line: number, column: leading + 1, "the corpus holds more than \(Self.actionLimit) actions, the most it may hold")
      }
      let afterWord = trimmed.dropFirst("dispatch ".count)
      let action = afterWord.drop { $0 == " " }
      current?.append(Action(text: String(action), line: number, column: line.count - action.count + 1))
    }
    if let current, !current.isEmpty { entries.append(current) }
  }

  /// The error of a corpus line: its place in the file, then what is wrong, at `--corpus` on the command line.
  func error(line: Int, column fileColumn: Int, _ message: String) -> CommandError {
    CommandError("\(ControlCharacters.escaped(name, onOneLine: true)):\(line):\(fileColumn): \(message)", column: column)
  }

  /// The file's text for `entries` (each entry its actions as `dispatch` writes them) of `domain`'s explore.
  static func text(of entries: [[String]], domain: String) -> String {
    var lines = [
      "# the corpus of `explore --guided` on \(domain): each entry, an action sequence that reached new coverage, is what later runs start from",
    ]
    for (index, entry) in entries.prefix(entryLimit).enumerated() {
      lines.append("# entry \(index + 1)")
      lines += entry.map { "dispatch " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Writes `entries` as the corpus in `folder` (typed as `shown`) through `reach`, replacing the corpus there.
  static func write(
    _ entries: [[String]], domain: String, folder: String, shownAs shown: String, reach: FileReach, column: Int
  ) throws(CommandError) {
    let name = shown + (shown.hasSuffix("/") ? "" : "/") + fileName
    do {
      try reach.write(Array(text(of: entries, domain: domain).utf8), to: folder + "/" + fileName, shownAs: name, replacing: true)
    } catch {
      throw CommandError("cannot save the corpus: \(error.description)", column: column)
    }
  }
}
