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
  let buffer = OutputBuffer()
  var session: (any AnyDomainSession)?
  private var currentDomain: Domain?
  private var currentOptions: [String: String] = [:]
  private var identifierCounter = IdentifierCounter()
  /// Recently parsed lines and their commands.
  private var parsedLines: [String: Command] = [:]
  private static let parsedLinesLimit = 4_096
  /// `$SCRATCH` in option paths: a folder of this shell's own, made on first use.
  private let scratchDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("replshell-\(UUID().uuidString)")
  /// Told `true` when a command starts waiting for listeners' side effects longer than a moment,
  /// and `false` when the wait ends; the interactive shell shows a progress line.
  public var onWaiting: (@MainActor (Bool) -> Void)?

  /// Creates a shell over `domains`; nothing runs until `use` or `start(domain:)`.
  public init(domains: [Domain], isScript: Bool, baseDirectory: URL) {
    self.domains = domains
    self.isScript = isScript
    self.baseDirectory = baseDirectory
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
    await session?.close()
    session = nil
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
      currentDomain = domain
      currentOptions = options
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
      outcome = .success(try await run(try parse(line)))
    } catch {
      outcome = .failure(error)
    }
    switch outcome {
    case .success(var result):
      result.lines = pending + result.lines
      return result
    case .failure(let error):
      return Result(lines: pending + buffer.drain() + Self.errorLines(error, location: location), succeeded: false, quit: false)
    }
  }

  /// Parses `line`, remembering what recent lines parsed to: scripts repeat lines, and parsing is pure.
  private func parse(_ line: String) throws(CommandError) -> Command {
    if let known = parsedLines[line] {
      return known
    }
    let command = try CommandParser.parse(line)
    if parsedLines.count >= Self.parsedLinesLimit { parsedLines.removeAll(keepingCapacity: true) }
    parsedLines[line] = command
    return command
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

  private func requireSession() throws(CommandError) -> any AnyDomainSession {
    guard let session else {
      throw CommandError("no domain is running: type `use counter` (or `domains` for the list)")
    }
    return session
  }

  private func run(_ command: Command) async throws(CommandError) -> Result {
    var lines: [OutputLine] = []
    var quit = false
    switch command {
    case .nothing:
      break
    case .help(let topic):
      lines = try Help.lines(for: topic, shell: self)
    case .domains:
      lines = domains.flatMap { domain -> [OutputLine] in
        var entry = [OutputLine.plain("\(domain.name)\(domain.name == session?.domainName ? " (running)" : "") — \(domain.summary)")]
        let flags = domain.options.map { "--\($0.name) \($0.valueName)" }
        let width = flags.map(\.count).max() ?? 0
        entry += zip(flags, domain.options).map { flag, option in
          .plain("    " + flag + String(repeating: " ", count: width - flag.count) + "  " + option.help)
        }
        return entry
      }
    case .use(let name, let words, let column):
      let options = try Self.parseOptions(words, column: column)
      do {
        lines = try await start(domain: name, options: options)
      } catch {
        throw CommandError(error.message, column: column)
      }
      lines.append(.note("started \(name)"))
    case .actions(let filter):
      let session = try requireSession()
      let cases = session.catalog.cases.filter { filter == nil || $0.signature.localizedCaseInsensitiveContains(filter ?? "") }
      if cases.isEmpty {
        throw CommandError("no action matches `\((filter ?? "").truncatedForMessage)`; type `actions` for all of them")
      }
      lines = cases.map { .plain($0.signature) }
    case .selectors:
      lines = try requireSession().selectorSignatures.map { .plain($0.signature) }
    case .dispatch(let expression):
      let session = try requireSession()
      switch try await session.dispatch(expression) {
      case .dispatched:
        lines = buffer.drain()
      case .rejected(let error):
        throw CommandError("the reducer rejected the action, state unchanged: \(error)", column: expression.column)
      }
    case .expectError(let expression):
      let session = try requireSession()
      switch try await session.dispatch(expression) {
      case .dispatched:
        throw CommandError("expected the reducer to reject the action, but it was dispatched", column: expression.column)
      case .rejected(let error):
        lines = buffer.drain() + [.note("rejected as expected: \(error)")]
      }
    case .select(let call):
      lines = try requireSession().select(call)
    case .expectSelector(let call, let expected):
      lines = try requireSession().expect(call, equals: expected)
    case .state(let path, let column):
      lines = try requireSession().state(at: path, column: column)
    case .diff:
      let session = try requireSession()
      lines = session.lastDispatchLines.isEmpty ? [.note("nothing dispatched yet")] : session.lastDispatchLines
    case .history:
      lines = try requireSession().historyLines
    case .watch(let call):
      lines = try requireSession().watch(call)
    case .unwatch(let name):
      lines = try requireSession().unwatch(name)
    case .debug(let category, let enabled):
      lines = try debug(category: category, enabled: enabled)
    case .settle:
      try await requireSession().settle()
      lines = buffer.drain() + [.note("settled")]
    case .reset:
      _ = try requireSession()
      guard let domain = currentDomain else { break }
      lines = try await start(domain: domain.name, options: currentOptions)
      lines.append(.note("reset \(domain.name) to a fresh store"))
    case .quit:
      quit = true
    }
    return Result(lines: lines, succeeded: true, quit: quit)
  }

  private func debug(category: String?, enabled: Bool?) throws(CommandError) -> [OutputLine] {
    let all = OutputBuffer.Category.allCases
    var targets = all
    if let category, category != "all" {
      guard let match = OutputBuffer.Category(rawValue: category) else {
        throw CommandError("unknown debug category `\(category.truncatedForMessage)`; categories: \(all.map(\.rawValue).joined(separator: ", ")), all")
      }
      targets = [match]
    }
    if let enabled {
      for target in targets { buffer.set(target, enabled: enabled) }
    }
    let on = buffer.enabledCategories
    return all.map { .plain("\($0.rawValue): \(on.contains($0) ? "on" : "off")") }
  }

  /// `--store PATH --feed URL` → `["store": PATH, "feed": URL]`.
  static func parseOptions(_ words: [String], column: Int) throws(CommandError) -> [String: String] {
    var options: [String: String] = [:]
    var index = 0
    while index < words.count {
      let word = words[index]
      guard word.hasPrefix("--"), word.count > 2 else {
        throw CommandError("expected an option such as `--store PATH`, found `\(word.truncatedForMessage)`", column: column)
      }
      var name = String(word.dropFirst(2))
      var value: String
      if let equals = name.firstIndex(of: "=") {
        value = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      } else {
        guard index + 1 < words.count else {
          throw CommandError("option --\(name) needs a value", column: column)
        }
        index += 1
        value = words[index]
      }
      options[name] = value
      index += 1
    }
    return options
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
