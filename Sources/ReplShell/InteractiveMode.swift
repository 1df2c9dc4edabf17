import Foundation
import ReplShellDomain
import ReplShellHost
import ReplShellSession
import Scenarios
import SessionProtocol
import StateValues

/// The shell at a prompt: libedit on a terminal, or plain lines from a pipe read like a script.
@MainActor struct InteractiveMode {
  let domains: [Domain]
  let domain: String
  /// The options of the domain's `use`, as typed after its name on the command line.
  let options: [String: String]
  /// The executable's name: the history file and the greeting use it.
  let programName: String
  let output: TerminalOutput
  let debugCategories: [String]
  /// Where output taller than the terminal goes.
  let pager: Pager
  /// Text, or one JSON object per session event.
  var format: OutputFormat = .text
  /// The port `--inspect` serves the inspector on, nil without the flag.
  var inspectPort: Int?
  /// Makes the app's inspector, or nil when it registered none.
  var makeInspector: @MainActor (InspectorHost) -> (any SessionInspector)? = { _ in nil }
  /// A recorded session to open instead of starting `domain` (`--replay FILE`).
  var replayPath: String?

  /// Runs until `quit`, Ctrl-D or the end of input; false when piped input had an error.
  func run() async -> Bool {
    let isTerminal = LineEditor.isInteractive
    let shell = Shell(domains: domains, isScript: !isTerminal, baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    shell.settings.programName = programName
    let host = SessionHost(shell: shell)
    let lines = TypedLines(host: host, output: output, format: format, isTerminal: isTerminal)
    shell.inspection.inspector = makeInspector(InspectorHost(shell: shell, run: lines.runFromInspector))
    if let inspectPort {
      guard let inspector = shell.inspection.inspector else {
        output.writeError("error: " + CommandError.noInspector.message)
        return false
      }
      do {
        output.writeError("inspector: \(try await inspector.start(port: inspectPort))")
      } catch {
        output.writeError("error: \(error.message)")
        return false
      }
    }
    let succeeded = await run(host, lines: lines, isTerminal: isTerminal)
    await shell.inspection.inspector?.stop()
    await shell.close()
    return succeeded
  }

  private func run(_ host: SessionHost, lines: TypedLines, isTerminal: Bool) async -> Bool {
    let shell = host.shell
    // A replay the reducer disagrees with holds the entries before the disagreement, and the session goes on.
    var replayAgrees = true
    do {
      var started: [SessionEvent]
      if let replayPath {
        let replayed = try await shell.replay(contentsOf: URL(fileURLWithPath: replayPath), name: replayPath)
        started = replayed.lines.map { SessionEvent.note($0.text) }
        if let mismatch = replayed.mismatch {
          replayAgrees = false
          started.append(.error(ErrorEvent(message: mismatch.message, location: nil, column: nil)))
        }
      } else {
        started = try await shell.start(domain: domain, options: options).map { SessionEvent.note($0.text) }
      }
      if format == .json {
        output.write(OutputFormat.jsonLines(started))
      } else {
        output.write(TranscriptRenderer.lines(for: started, echoesCommands: false))
      }
    } catch {
      output.writeError("error: \(error.message)")
      return false
    }
    for category in debugCategories {
      let result = await host.run("debug \(category) on")
      if !result.succeeded {
        output.write(result.lines)
        return false
      }
    }
    let succeeded = isTerminal ? await readTerminal(host, lines: lines) : await readPipe(host, lines: lines)
    return succeeded && replayAgrees
  }

  private func readTerminal(_ host: SessionHost, lines: TypedLines) async -> Bool {
    let shell = host.shell
    output.write("\(programName) — \(shell.domainName ?? domain). Type `help` for the commands, Tab to complete, Ctrl-D to leave.")
    let editor = LineEditor(programName: programName, historyFile: LineEditor.defaultHistoryFile(programName: programName)) { line in
      let completion = lines.completions(for: line)
      return Completion(
        candidates: completion.candidates.map { Completion.Candidate($0.text, isWholeWord: $0.isWholeWord) },
        replacedLength: completion.replacedLength, refusal: completion.refusal.map { "error: " + $0 })
    }
    let progress = ProgressLine(enabled: output.colors || isatty(STDERR_FILENO) == 1)
    shell.progress.onWaiting = { waiting in
      if waiting { progress.show("waiting for side effects…") } else { progress.clear() }
    }
    shell.progress.work = { report in
      if let report { progress.show(report.text) } else { progress.clear() }
    }
    while true {
      let prompt = output.colors ? "\u{1}\u{1B}[1m\u{1}\(shell.prompt)\u{1}\u{1B}[0m\u{1}" : shell.prompt
      switch await lines.read(from: editor, prompt: prompt) {
      case .line(let line):
        editor.addToHistory(line)
        // Read for every line: the window may have been resized since the last one.
        shell.settings.terminalColumns = TerminalText.outputColumns()
        let result = await interruptible { await host.run(line) }
        pager.show(
          format == .json ? OutputFormat.jsonLines(result.events) : ErrorCaret.adding(to: result.lines, events: result.events, line: line),
          on: output)
        if result.quit { return true }
      case .interrupted:
        continue
      case .endOfFile:
        return true
      }
    }
  }

  /// Runs `work` so that Ctrl-C cancels it instead of ending the shell. (While a line is being
  /// edited, libedit reads Ctrl-C as a key; between lines it is a signal.) `Interrupt` turns the
  /// signal into the cancel as it arrives.
  private func interruptible(_ work: @escaping @MainActor () async -> Shell.Result) async -> Shell.Result {
    let task = Task { @MainActor in await work() }
    return await Interrupt.caught(onInterrupt: { task.cancel() }) { await task.value }
  }

  private func readPipe(_ host: SessionHost, lines: TypedLines) async -> Bool {
    var lineNumber = 0
    while let line = await lines.readStandardInput() {
      lineNumber += 1
      let result = await host.run(line, location: "<stdin>:\(lineNumber)")
      output.write(format == .json ? OutputFormat.jsonLines(result.events) : result.lines)
      if !result.succeeded { return false }
      if result.quit { break }
    }
    return true
  }
}

/// A transient status line on standard error, erased when the wait ends.
struct ProgressLine {
  let enabled: Bool

  func show(_ text: String) {
    guard enabled else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[2m\(text)\u{1B}[0m".utf8))
  }

  func clear() {
    guard enabled else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
  }
}
