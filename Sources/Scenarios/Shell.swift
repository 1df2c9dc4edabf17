import Foundation
import Synchronization

/// The engine behind `replshell`: runs one line at a time against the current domain session
/// and returns the lines to print. It has no terminal in it; the interactive front end and the
/// script runner both render what it returns.
@MainActor public final class Shell {
  /// What happened to one line.
  public struct Result: Sendable {
    /// The lines to print.
    public var lines: [OutputLine]
    /// False when the line was an error or a failed expectation.
    public var succeeded: Bool
    /// True after `quit`.
    public var quit: Bool
  }

  /// Every domain the shell knows, in listing order.
  public let domains: [Domain]
  /// Whether sessions start in script mode (in-memory stores, UTC calendar, counted ids).
  public let isScript: Bool
  /// The folder relative paths in `use` options start from.
  public var baseDirectory: URL
  /// What listeners print while a command waits or between commands, and the debug categories that are on.
  let buffer = OutputBuffer()
  /// The running domain session, if any.
  var session: (any AnyDomainSession)?
  /// The running domain and the options it started with, for `reset`.
  private(set) var running: (domain: Domain, options: [String: String])?
  /// What succeeded since the running session started, for `save`.
  private(set) var recording: SessionRecording?
  private var identifierCounter = IdentifierCounter()
  /// Recently parsed lines and their commands; nil for blank lines and comments.
  private var parsedLines: [String: (any ShellCommand)?] = [:]
  private static let parsedLinesLimit = 4_096
  /// `$SCRATCH` in option paths: a folder of this shell's own, made on first use.
  private let scratchDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("replshell-\(UUID().uuidString)")
  /// What is replaced in the output: the domain's volatile patterns and those `redact` switched on.
  var redactions: RedactionList
  /// Told `true` when a command starts waiting for listeners' side effects longer than a moment,
  /// and `false` when the wait ends; the interactive shell shows a progress line.
  public var onWaiting: (@MainActor (Bool) -> Void)?

  /// Creates a shell over `domains`; nothing runs until `use` or `start(domain:)`.
  public init(domains: [Domain], isScript: Bool, baseDirectory: URL) {
    self.domains = domains
    self.isScript = isScript
    self.baseDirectory = baseDirectory
    self.redactions = RedactionList(
      folders: RedactedFolders(scratch: scratchDirectory.path, workingDirectory: FileManager.default.currentDirectoryPath))
  }

  /// Whether redactions apply to what commands print (true unless `--no-redact`).
  public var redacts: Bool {
    get { redactions.isEnabled }
    set { redactions.isEnabled = newValue }
  }

  /// The prompt for the current domain: `counter> `.
  public var prompt: String {
    (session?.domainName ?? "replshell") + "> "
  }

  /// Starts `domain` with `options` (flags without dashes → values), replacing any running session.
  public func start(domain name: String, options: [String: String] = [:]) async throws(CommandError) -> [OutputLine] {
    guard let domain = domains.first(where: { $0.name == name }) else {
      let suggestions = Suggestions.closest(to: name, among: domains.map(\.name))
      let hint = suggestions.isEmpty ? "" : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))? "
      throw CommandError("unknown domain `\(name.truncatedForMessage)`: \(hint)known domains: \(domains.map(\.name).joined(separator: ", "))")
    }
    for key in options.keys where !domain.options.contains(where: { $0.name == key }) {
      let known = domain.options.map { "--\($0.name) \($0.valueName)" }
      throw CommandError("`\(name)` has no option --\(key); \(known.isEmpty ? "it takes none" : "it takes " + known.joined(separator: ", "))")
    }
    if let invalid = domain.volatile.first(where: { !$0.isValid }) {
      throw CommandError("`\(name)` declares `\(invalid.pattern.truncatedForMessage)` volatile, which is not a valid regular expression")
    }
    await session?.close()
    session = nil
    redactions.domain = domain.volatile
    identifierCounter = IdentifierCounter()
    let counter = identifierCounter
    let makeIdentifier: @Sendable () -> String
    if isScript {
      makeIdentifier = { counter.next() }
    } else {
      makeIdentifier = { UUID().uuidString }
    }
    let context = DomainContext(
      options: options, isScript: isScript, baseDirectory: baseDirectory,
      calendar: isScript ? Self.utcCalendar : Calendar.current, makeIdentifier: makeIdentifier,
      announce: { [buffer] note in buffer.append(.note(note)) }, scratchDirectory: scratchDirectory,
      logger: SessionLogHandler.logger(for: buffer))
    let outcome: Swift.Result<any AnyDomainSession, any Error>
    do {
      outcome = .success(try await domain.start(context, buffer))
    } catch {
      outcome = .failure(error)
    }
    switch outcome {
    case .success(let started):
      started.onWaiting = { [weak self] waiting in self?.onWaiting?(waiting) }
      session = started
      running = (domain, options)
      recording = SessionRecording(domain: name, options: options)
    case .failure(let error as CommandError):
      throw error
    case .failure(let error):
      throw CommandError("could not start \(name): \(error)")
    }
    return buffer.drain()
  }

  private static let utcCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar
  }()

  /// Runs one line; `location` (`file.txt:12`) prefixes error messages in scripts.
  public func execute(_ line: String, location: String? = nil) async -> Result {
    // What listeners dispatched after an interrupted wait comes first.
    let pending = buffer.drain()
    let outcome: Swift.Result<Result, CommandError>
    do throws(CommandError) {
      if let command = try parse(line) {
        let output = try await command.run(in: self)
        record(line, as: type(of: command).recordingRole, output: output.lines)
        outcome = .success(Result(lines: output.lines, succeeded: true, quit: output.quits))
      } else {
        outcome = .success(Result(lines: [], succeeded: true, quit: false))
      }
    } catch {
      outcome = .failure(error)
    }
    switch outcome {
    case .success(var result):
      result.lines = redactions.apply(to: pending + result.lines)
      return result
    case .failure(let error):
      let lines = pending + error.output + buffer.drain() + Self.errorLines(error, location: location)
      return Result(lines: redactions.apply(to: lines), succeeded: false, quit: false)
    }
  }

  /// Parses `line`, remembering what recent lines parsed to: scripts repeat lines, and parsing is pure.
  private func parse(_ line: String) throws(CommandError) -> (any ShellCommand)? {
    if let known = parsedLines[line] {
      return known
    }
    let command = try CommandParser.parse(line)
    if parsedLines.count >= Self.parsedLinesLimit { parsedLines.removeAll(keepingCapacity: true) }
    parsedLines[line] = command
    return command
  }

  /// Adds a line that succeeded to the recording of the running session.
  private func record(_ line: String, as role: RecordingRole, output: [OutputLine]) {
    guard let mark = session?.historyMark else { return }
    recording?.append(line, role: role, output: output, mark: mark)
  }

  /// `error: file.txt:12:5: message` in scripts, `error: column 5: message` interactively.
  static func errorLines(_ error: CommandError, location: String?) -> [OutputLine] {
    var messageLines = error.message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let first = messageLines.isEmpty ? "" : messageLines.removeFirst()
    var place = ""
    switch (location, error.column) {
    case (let location?, let column?): place = "\(location):\(column): "
    case (let location?, nil): place = "\(location): "
    case (nil, let column?): place = "column \(column): "
    case (nil, nil): break
    }
    return [OutputLine.error(place + first)] + messageLines.map { OutputLine(.error, $0) }
  }

  /// A path as typed in a command, relative to `baseDirectory` unless absolute.
  func url(forPath path: String) -> URL {
    URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: baseDirectory.path, isDirectory: true)).standardizedFileURL
  }

  /// The running session, or an error that says how to start one.
  func requireSession() throws(CommandError) -> any AnyDomainSession {
    guard let session else {
      throw CommandError("no domain is running: type `use counter` (or `domains` for the list)")
    }
    return session
  }

  /// Ends the running session and removes the scratch folder.
  public func close() async {
    await session?.close()
    session = nil
    try? FileManager.default.removeItem(at: scratchDirectory)
  }
}

/// Deterministic identifiers for scripts: UUID-shaped, counting up from 1.
final class IdentifierCounter: Sendable {
  private let count = Mutex(0)

  func next() -> String {
    let value = count.withLock { count -> Int in
      count += 1
      return count
    }
    return String(format: "00000000-0000-0000-0000-%012d", value)
  }
}
