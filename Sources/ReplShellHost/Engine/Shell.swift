import Foundation
import ReplShellCommands
import ReplShellDomain
import ReplShellFoundation
import ReplShellSession
import SessionProtocol
import StateValues
import Synchronization

/// The engine behind `replshell`: runs one line at a time against the current domain session.
/// Everything the session does goes out as `SessionEvent`s on `events`, in order; each line's
/// result carries its events and their rendering as text. It has no terminal in it; the
/// interactive front end, the script runner, `--mcp` and tools attached to `events` render them.
@MainActor public final class Shell {
  /// What happened to one line.
  public struct Result: Sendable {
    /// The events of the line, redacted: what arrived since the previous line, the command, then
    /// what it did.
    public var events: [SessionEvent]
    /// The events rendered as text, redacted: the lines to print.
    public var lines: [OutputLine]
    /// False when the line was an error or a failed expectation.
    public var succeeded: Bool
    /// True after `quit`.
    public var quit: Bool
    /// The breakpoint that stopped this script line, or the script it sourced (at any depth);
    /// nil when the line was not stopped by one. `source` reads it from its script's failed line.
    package var breakStop: BreakEvent? = nil
    /// The value the line printed (`state`, `select`) or reported (`explore`), as JSON and
    /// redacted, for front ends that carry it as data: its output or report event's; nil when
    /// it printed no single value.
    package var value: JSONForm? {
      for event in events.reversed() {
        switch event {
        case .output(_, let value?): return value
        case .report(let report): return report.value
        default: continue
        }
      }
      return nil
    }
  }

  /// Every domain the shell knows, in listing order.
  public let domains: [Domain]
  /// The commands it runs: a shell process's full set, or the live-session core an app answers
  /// an attached shell with.
  public let commands: CommandSet
  /// How sessions run: script mode, the settle wait, whether databases are copied.
  public var settings: ShellSettings
  /// The folder relative paths in `use` options start from.
  public var baseDirectory: URL
  /// The session's one ordered stream of events, with the debug categories that are on.
  public let events = SessionEventStream()
  /// Whether a line is running: its own lines (`source`) run inside it, never another's.
  private(set) var isRunningLine = false
  /// How many commands were typed (or sent by a tool) rather than read from a script: the
  /// number of the line, as what it dispatches names its cause (`line 3`).
  private var typedLineCount = 0
  /// The scripts `source` is running, outermost first.
  package var sourceChain: [SourceFrame] = []
  /// The running session, and the domain or the app it came from.
  package let slot = SessionSlot()
  private var parsedLines = ParsedLines()
  /// `$SCRATCH` in option paths: a folder of this shell's own, made on first use.
  private let scratchDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("replshell-\(UUID().uuidString)")
  /// What is replaced in the output: the domain's volatile patterns and those `redact` switched on.
  /// The stream carries a copy to the tools that follow it (`SessionEventStream.subscribeRedactable`).
  package var redactions: RedactionList {
    didSet {
      events.setRedactions(redactions)
      redactsOutput = redactions.isActive
    }
  }
  /// Whether any redaction applies, kept beside `redactions`: most lines have none to apply, and
  /// reading the list copies it.
  private(set) var redactsOutput = false
  /// Where the front end hears of long waits and of `explore`'s progress, to show a progress line.
  public var progress = ProgressReports()
  /// What an inspector reads of the session, and the inspector `inspect` starts.
  public let inspection = ShellInspection()

  /// Creates a shell over `domains` that runs `commands`; nothing runs until `use` or `start(domain:)`.
  public init(domains: [Domain], isScript: Bool, baseDirectory: URL, commands: CommandSet) {
    self.domains = domains
    self.commands = commands
    self.settings = ShellSettings(isScript: isScript)
    self.baseDirectory = baseDirectory
    self.redactions = RedactionList(
      folders: RedactedFolders(scratch: scratchDirectory.path, workingDirectory: FileManager.default.currentDirectoryPath))
    events.setRedactions(redactions)
    redactsOutput = redactions.isActive
    inspection.shell = self
  }

  /// Whether redactions apply to what commands print (true unless `--no-redact`).
  public var redacts: Bool {
    get { redactions.isEnabled }
    set { redactions.isEnabled = newValue }
  }

  /// The running session's domain, nil before any `use`.
  public var domainName: String? { slot.domainName }

  /// The prompt for the current domain: `counter> `.
  public var prompt: String {
    if let attached = slot.attached { return attached.prompt(isForked: slot.session?.backend.isFork == true) }
    return (slot.domainName ?? "replshell") + "> "
  }

  /// Starts `domain` with `options` (flags without dashes → values), replacing any running
  /// session; returns the notes it printed (none while a line runs: they are that line's events).
  /// `--listeners off` among the options, the shell's own, starts the reducer alone: no listener runs.
  @discardableResult
  public func start(domain name: String, options given: [String: String] = [:]) async throws(CommandError) -> [OutputLine] {
    var options = given
    let listens = options.removeValue(forKey: Self.listenersOption) ?? "on"
    // Any other value is refused, with the domain's other options, once the domain is known.
    return try await start(domain: name, options: options, startsListeners: listens != "off", recorded: given)
  }

  /// Runs the scenario script at `url` (`name` in messages) in this shell up to its first line
  /// that fails, as the recording `shrink` works on: returns its transcript and the line that
  /// failed, when one did (an `expect` that does not hold names the property to shrink). Front
  /// ends submit a `LoadScriptRequest` to the session's host, which calls it in its turn (`package`
  /// only because that request is the shell process's, in `Scenarios`).
  package func loadScript(contentsOf url: URL, name: String) async throws(CommandError) -> (lines: [OutputLine], failedLine: String?) {
    let text: String
    do {
      text = try FileReach.anywhere.readText(url.path, shownAs: name, budget: Budget.current.holding(bytes: ScriptLines.sizeLimit))
    } catch {
      throw CommandError(error.description)
    }
    let outcome = await run(ScriptLines(text: text, name: name))
    let failed = outcome.failedLocation.flatMap { location in
      Int(location.split(separator: ":").last ?? "").map { ScriptLines.lines(of: text)[$0 - 1].trimmingLeadingWhitespace.trimmingTrailingWhitespace }
    }
    return (outcome.transcript, failed)
  }

  /// The option of `use` that every domain takes: `--listeners off` starts the reducer alone.
  nonisolated public static let listenersOption = UseOptions.listenersOption

  package func start(
    domain name: String, options: [String: String], startsListeners: Bool, recorded: [String: String], startingState: JSONForm? = nil
  ) async throws(CommandError) -> [OutputLine] {
    if let attached = slot.attached {
      throw CommandError("this shell is attached to \(attached.label), which it cannot replace: type `fork` for a sandbox copy of the live state, `attach` to return to it")
    }
    guard let domain = domains.first(where: { $0.name == name }) else {
      let suggestions = Suggestions.closest(to: name, among: domains.map(\.name))
      let hint = suggestions.isEmpty ? "" : "did you mean \(suggestions.map { "`\($0)`" }.joined(separator: " or "))? "
      throw CommandError("unknown domain `\(name.truncatedForMessage)`: \(hint)known domains: \(domains.map(\.name).joined(separator: ", "))")
    }
    // `recorded` is every option as given, the shell's own (`--listeners`) among them.
    if let refusal = UseOptions.refusal(of: recorded, for: domain) {
      throw CommandError(refusal.message)
    }
    if let refusal = UseOptions.confinementRefusal(
      of: options, for: domain, reach: settings.fileReach, baseDirectory: baseDirectory, scratchDirectory: scratchDirectory)
    {
      throw CommandError(refusal)
    }
    if let invalid = domain.volatile.first(where: { !$0.isValid }) {
      throw CommandError("`\(name)` declares `\(invalid.pattern.truncatedForMessage)` volatile, which is not a valid regular expression")
    }
    await slot.session?.close()
    slot.session = nil
    redactions.domain = domain.volatile
    let makeIdentifier: @Sendable () -> String
    if settings.isScript {
      let counter = IdentifierCounter()
      makeIdentifier = { counter.next() }
    } else {
      makeIdentifier = { UUID().uuidString }
    }
    let databases = try DatabaseStartingPoints.prepare(
      options: options, of: domain, copiesDatabases: settings.copiesDatabases, baseDirectory: baseDirectory, scratchDirectory: scratchDirectory)
    var context = DomainContext(
      options: databases.options, isScript: settings.isScript, baseDirectory: baseDirectory,
      calendar: settings.calendar, makeIdentifier: makeIdentifier,
      announce: { [events] note in events.emit(.note(note)) }, scratchDirectory: scratchDirectory,
      logger: events.domainLogger)
    context.settleTimeout = settings.settleTimeout
    context.startsListeners = startsListeners
    context.startingState = startingState
    context.onWaiting = { [weak self] waiting in self?.progress.onWaiting?(waiting) }
    let outcome: Swift.Result<any AnyDomainSession, any Error>
    do {
      outcome = .success(try await domain.start(context, events))
    } catch {
      outcome = .failure(error)
    }
    switch outcome {
    case .success(let started):
      slot.session = started
      slot.running = RunningDomain(domain: domain, options: recorded, recording: SessionRecording(domain: name, options: recorded, databases: databases))
    case .failure(let error as CommandError):
      throw error
    case .failure(let error):
      throw CommandError("could not start \(name): \(error)")
    }
    return isRunningLine ? [] : LineTranscript(of: self).render(events.takePending(), echoesCommands: false)
  }

  /// Runs one line to its end; `location` (`file.txt:12`) prefixes error messages and marks the
  /// line as a script's. `echoesCommands` renders the command behind its prompt, as transcripts
  /// show it. Only the session host's requests call it (`LineRequest`, `ParsedLineRequest`,
  /// `ScriptRequest`), in their turn: it is the host's door, not the front ends', so no front end
  /// can run a line out of the session's order. A line that reaches it while another runs (a
  /// request's `perform` that runs a second line) is refused. `package`, not public: `ScriptRequest`
  /// lives with the shell process's scripts, in `Scenarios`.
  package func execute(_ line: String, location: String? = nil, echoesCommands: Bool = false) async -> Result {
    let request = LineRequest(line, location: location, echoesCommands: echoesCommands)
    guard !isRunningLine else {
      let message = "`\(line.truncatedForMessage)` arrived while another line was running: lines reach a session through its SessionHost, one at a time"
      let error = ErrorEvent(message: message, location: location, column: nil)
      return Result(events: [.error(error)], lines: TranscriptRenderer.errorLines(error), succeeded: false, quit: false)
    }
    isRunningLine = true
    defer { isRunningLine = false }
    return await run(request, isOutermost: true)
  }

  /// Keeps what a line parsed to off the main actor for the line that runs next, so that running
  /// it parses nothing here.
  func handOver(_ parsed: ParsedLine) {
    parsedLines.handOver(parsed)
  }

  /// Runs a line of a script that `source` runs, inside the `source` line: its events are that
  /// line's.
  func runSourced(_ request: LineRequest) async -> Result {
    await run(request, isOutermost: false)
  }

  private func run(_ request: LineRequest, isOutermost: Bool) async -> Result {
    let (line, location, echoesCommands) = (request.line, request.location, request.echoesCommands)
    // What arrived between lines (listeners after an interrupted wait) comes first.
    let earlier = isOutermost ? events.takePending() : []
    let start = isOutermost ? 0 : events.pendingCount
    let command: (any ShellCommand)?
    var outcome: Swift.Result<CommandOutput, CommandError>
    do throws(CommandError) {
      command = try parsedLines.command(for: line, in: commands)
      outcome = .success(CommandOutput([]))
    } catch {
      command = nil
      outcome = .failure(error)
    }
    if command == nil, case .success = outcome {
      return LineTranscript(of: self).finish(earlier: earlier, start: start, isOutermost: isOutermost, echoesCommands: echoesCommands, succeeded: true).result
    }
    events.emit(.command(CommandEvent(line: line, domain: slot.domainName, location: location, isSourced: !isOutermost)))
    // The line's report goes down with it: what its dispatches break or make true is written
    // there, and a breakpoint's stop names the line's place.
    let report = LineReport(location: location)
    if let command {
      do throws(CommandError) {
        try slot.refuseIfAttached(command)
        if let reachLimit = settings.reachLimit { try ShellSettings.refuse(command, beyond: reachLimit) }
        if location == nil { typedLineCount += 1 }
        let context = CommandContext(
          host: self, origin: location == nil ? .user : .script, location: location, typedLine: location == nil ? typedLineCount : nil,
          report: report)
        outcome = .success(try await command.run(in: context))
      } catch {
        outcome = .failure(error)
      }
    }
    // What the line broke or stopped at: its own report, with what dispatches outside its waits
    // for the listeners found since the last line ended (the mailbox); the session keeps none of it.
    report.claim(events.unclaimed)
    let found = report.found
    // An invariant a dispatch of this line broke (the user's, a script's or a listener's) fails it.
    if let broken = found.brokenInvariant, case .success = outcome {
      outcome = .failure(broken)
    }
    // A breakpoint stops a script's line (the rest of the script does not run); typed, its event marks the stop.
    var breakStop: BreakEvent?
    if let stop = found.firedBreak, location != nil, case .success = outcome {
      breakStop = stop
      let place = (stop.entry.map { "#\($0) " } ?? "") + TranscriptRenderer.shortened(stop.action)
      outcome = .failure(CommandError("stopped by break \(stop.number) (\(stop.predicate)) at \(place); the rest of the script did not run"))
    }
    switch outcome {
    case .success(let output):
      if !output.lines.isEmpty { events.emit(.output(output.lines, value: output.value.map(JSONForm.init))) }
      var finished = LineTranscript(of: self).finish(earlier: earlier, start: start, isOutermost: isOutermost, echoesCommands: echoesCommands, succeeded: true)
      finished.result.quit = output.quits
      // Appended in place through the optional: comparing `slot.running` with nil first copied
      // the whole running domain (the `Domain`, its options, the recording) on every line.
      if let command, let mark = slot.session?.historyMark {
        slot.running?.recording.append(
          line, role: type(of: command).recordingRole, output: output.dependsOnTerminal ? nil : finished.printed, mark: mark)
      }
      return finished.result
    case .failure(let error):
      events.emit(.error(ErrorEvent(message: error.message, location: location, column: error.column)))
      var failed = LineTranscript(of: self).finish(earlier: earlier, start: start, isOutermost: isOutermost, echoesCommands: echoesCommands, succeeded: false).result
      // What stopped it goes back up with it: its own breakpoint, or the one that stopped the script it sourced.
      failed.breakStop = breakStop ?? report.sourcedScriptStop
      return failed
    }
  }

  /// Ends the running session, ends the subscriptions to `events` and removes the scratch folder.
  public func close() async {
    await slot.session?.close()
    slot.session = nil
    events.finish()
    try? FileManager.default.removeItem(at: scratchDirectory)
  }
}

