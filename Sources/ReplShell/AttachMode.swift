// Linux only for now: Glibc's sockets (macOS would take Darwin's and `getpeereid`).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ReplShellFoundation
import ReplShellHost
import ReplShellSession
import ReplShellTransport
import Scenarios
import SessionProtocol
import StateValues

#if canImport(Glibc)
/// `--attach`: the shell on a running app's live store. Lines go to the app, which runs them in
/// a session of its own over the store and answers with session events, rendered here as a
/// local session's are, their control characters escaped. Alone, `--attach` lists the apps that
/// can be attached to.
@MainActor struct AttachMode {
  /// The app to attach to (path, pid or name), or nil to list them.
  let target: String?
  let programName: String
  let output: TerminalOutput
  let pager: Pager
  var format: OutputFormat = .text
  /// The port `--inspect` serves the inspector on, nil without the flag.
  var inspectPort: Int?
  /// Makes the app's inspector, or nil when it registered none.
  var makeInspector: @MainActor (InspectorHost) -> (any SessionInspector)? = { _ in nil }

  /// How an attached session ended.
  private enum Ending: Error {
    /// The app closed its attachment (`bye`): exit 0.
    case detached
    /// The connection broke without a goodbye, or the app sent what is not a message of the
    /// protocol (`failure` says which): exit 1.
    case lost(AttachSocket.Failure)
  }

  /// What the app answered to one request.
  private struct Reply {
    var succeeded = true
    var quit = false
    var prompt: String?
  }

  /// Runs the listing or the session; the exit status: 0 after a clean end, 1 otherwise.
  func run() async -> Int32 {
    guard let target else {
      do throws(CommandError) {
        output.write(try AttachTarget.listing())
        return 0
      } catch {
        output.writeError("error: \(error.message)")
        return 1
      }
    }
    let socket: AttachSocket
    var label = target
    var path = target
    do throws(CommandError) {
      let (greeted, connected) = try AttachTarget.greet(try AttachTarget.resolve(target))
      socket = connected
      label = greeted.label
      path = greeted.path
    } catch {
      output.writeError("error: cannot attach to \(target): \(ControlCharacters.escaped(error.message))")
      return 1
    }
    let watch = AttachIdleWatch(output: output)
    let connection = AttachConnection(socket: socket, label: label) { message, status in watch.end(message, status: status) }
    defer { connection.close() }
    do {
      var prompt = try await exchange(nil, on: connection).prompt ?? "\(label)> "
      let inspection = AttachInspection(
        path: path, label: label, terminal: AttachedTerminal(output: output, format: format, isTerminal: LineEditor.isInteractive),
        makeInspector: makeInspector)
      defer { Task { await inspection.stop() } }
      if let inspectPort {
        do {
          output.writeError("inspector: \(try await inspection.start(port: inspectPort, on: connection))")
        } catch {
          output.writeError("error: \(error.message)")
          return 1
        }
      }
      if LineEditor.isInteractive {
        output.write("\(programName) — attached to \(label). Type `help` for the commands, `tail` to follow the app, Ctrl-D to detach.")
        let editor = LineEditor(programName: programName, historyFile: LineEditor.defaultHistoryFile(programName: programName)) { line in
          Self.completion(of: line, on: connection)
        }
        inspection.terminal.use(editor.promptOutput)
        while true {
          connection.becomeIdle()
          inspection.terminal.showing(prompt: prompt)
          let input = await StandardInputReader.line(from: UncheckedEditor(editor: editor), prompt: output.colors ? "\u{1}\u{1B}[1m\u{1}\(prompt)\u{1}\u{1B}[0m\u{1}" : prompt)
          connection.beginExchange()
          guard case .line(let line) = input else {
            if input == .interrupted { continue }
            break
          }
          editor.addToHistory(line)
          if await inspect(line, inspection, on: connection) { continue }
          let reply = try await exchange(.line(line, location: nil), on: connection, paged: true)
          prompt = reply.prompt ?? prompt
          if reply.quit { return 0 }
        }
        return 0
      }
      var lineNumber = 0
      while true {
        connection.becomeIdle()
        let input = await StandardInputReader.line()
        connection.beginExchange()
        guard let line = input else { break }
        lineNumber += 1
        if await inspect(line, inspection, on: connection) { continue }
        let reply = try await exchange(.line(line, location: "<stdin>:\(lineNumber)"), on: connection)
        if !reply.succeeded { return 1 }
        if reply.quit { break }
      }
      return 0
    } catch .detached {
      output.write([OutputLine(.note, "\(label) closed its attachment: detached")])
      return 0
    } catch {
      // `exchange` alone throws here: `.lost` says how the connection ended.
      var failure = AttachSocket.Failure.closed
      if case .lost(let lost) = error { failure = lost }
      output.writeError("error: " + ControlCharacters.escaped(failure.shellMessage(app: label)))
      return 1
    }
  }

  /// Runs `line` here when it is `inspect [port]` (the inspector serves from this process, not
  /// the app's) and returns true; false for any other line, which goes to the app.
  private func inspect(_ line: String, _ inspection: AttachInspection, on connection: AttachConnection) async -> Bool {
    guard let port = AttachInspection.port(in: line) else { return false }
    do throws(CommandError) {
      output.write([OutputLine(.plain, "inspector: \(try await inspection.start(port: port.get(), on: connection))")])
    } catch {
      output.write([OutputLine(.error, "error: \(ControlCharacters.escaped(error.message))")])
    }
    return true
  }

  /// What Tab offers for `line`, asked of the app on the editor's thread, which waits for the
  /// connection's reader to hand it the answer; nothing when the connection ends first.
  nonisolated private static func completion(of line: String, on connection: AttachConnection) -> Completion {
    // A line the app would refuse as too long ends the attachment: it is not asked.
    guard case .fits(let frame) = Self.frame(of: ShellRequest.complete(line)), let answer = connection.complete(frame) else { return .none }
    return Completion(
      candidates: answer.candidates.map { Completion.Candidate(ControlCharacters.escaped($0.text), isWholeWord: $0.word) },
      replacedLength: answer.replaced, refusal: answer.refused.map { "error: " + ControlCharacters.escaped($0) })
  }

  /// Sends `request` (nil: none, to read the first answer) and prints the events that come back
  /// until the app says it is done; while it tails, until Ctrl-C and the end of the tail.
  private func exchange(_ request: ShellRequest?, on connection: AttachConnection, paged: Bool = false) async throws(Ending) -> Reply {
    if let request {
      switch Self.frame(of: request) {
      case .fits(let frame):
        guard connection.send(frame) else { throw .lost(.closed) }
      case .unencodable(let reason):
        output.write([OutputLine(.error, "error: not sent: the line's request could not be encoded (\(ControlCharacters.escaped(reason, onOneLine: true)))")])
        return Reply(succeeded: false)
      case .tooLong(let length):
        // The app closes a connection that sends more: the line is refused here, and the session goes on.
        output.write([
          OutputLine(
            .error,
            "error: not sent: this line makes a request of \(length) bytes, past the \(AttachProtocol.maximumRequestLength) (1 MiB) an app accepts in one, which would end the attachment; shorten it")
        ])
        return Reply(succeeded: false)
      }
    }
    var reply = Reply()
    var collected: [OutputLine] = []
    // Set once Ctrl-C ended a tail: the note comes after the actions the app tailed before it stopped.
    var stoppedTailing = false
    while true {
      switch await answer(on: connection) {
      case .lost(let failure):
        throw .lost(failure)
      case .interrupted:
        // A second Ctrl-C after the tail's: the untail is on its way.
        continue
      case .message(.done(let done)):
        reply.succeeded = done.succeeded
        reply.quit = done.quit
        reply.prompt = ControlCharacters.escaped(done.prompt)
        if paged { pager.show(collected, on: output) } else { output.write(collected) }
        collected = []
        if done.tailing {
          try await follow(connection)
          stoppedTailing = true
          continue
        }
        if stoppedTailing { output.write([OutputLine(.note, "stopped tailing")]) }
        return reply
      case .message(.bye):
        output.write(collected)
        throw .detached
      case .message(.event(let event)):
        collected += rendered(event)
      case .message:
        continue
      }
    }
  }

  /// An event the app sent, as this shell prints it, its control characters escaped.
  private func rendered(_ event: SessionEvent) -> [OutputLine] {
    ControlCharacters.escaped(format == .json ? OutputFormat.jsonLines([event]) : TranscriptRenderer.lines(for: [event], echoesCommands: false))
  }

  /// How long the shell waits for an answer before it says that it is waiting.
  static let patience = Duration.seconds(5)

  /// The app's next answer; when it has not come within `patience`, says so once: the app runs
  /// each line on its main actor, and a busy or blocked main actor would otherwise leave the
  /// shell silent.
  private func answer(on connection: AttachConnection) async -> AttachConnection.Reply {
    if let ready = connection.nextIfReady() { return ready }
    let output = self.output
    let note = Task {
      try await Task.sleep(for: Self.patience)
      output.writeError(
        "note: the app has not answered for \(Self.patience.components.seconds) s: it runs each line on its main actor, which is busy or blocked (a `readLine()` on the app's main thread blocks it); still waiting, Ctrl-C leaves")
    }
    defer { note.cancel() }
    return await connection.next()
  }

  /// Prints what the app tails as it comes, until Ctrl-C; then asks the app to stop (what it
  /// tails meanwhile comes before its answer, and `exchange` prints it, then the stop).
  private func follow(_ connection: AttachConnection) async throws(Ending) {
    let ending: Ending? = await connection.following {
      await Interrupt.caught(onInterrupt: { connection.interrupt() }) {
        while true {
          switch await connection.next() {
          case .interrupted: return nil
          case .lost(let failure): return .lost(failure)
          case .message(.bye): return .detached
          case .message(.event(let event)): output.write(rendered(event))
          case .message: continue
          }
        }
      }
    }
    if let ending { throw ending }
    guard connection.send(ShellRequest.untail) else { throw .lost(.closed) }
  }

  /// A request as a frame, or its length when it is past what an app accepts.
  private enum Frame {
    case fits([UInt8])
    case tooLong(Int)
    /// The request did not encode; the reason is the encoder's.
    case unencodable(String)
  }

  /// `request` as the frame to send, unless its body is longer than an app accepts
  /// (`AttachProtocol.maximumRequestLength`).
  nonisolated private static func frame(of request: ShellRequest) -> Frame {
    // The protocol's requests are strings and numbers, which encode; a failure is said, not sent.
    let frame: [UInt8]
    do {
      frame = try AttachFrame.bytes(of: request)
    } catch {
      return .unencodable("\(error)")
    }
    return frame.count - 4 > AttachProtocol.maximumRequestLength ? .tooLong(frame.count - 4) : .fits(frame)
  }
}
#endif
