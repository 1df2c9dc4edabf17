// Linux only for now: the attachment is.
#if canImport(Glibc)
import Foundation
import ReplShellFoundation
import ReplShellSession
import Scenarios
import SessionProtocol
import StateValues
import Synchronization

/// The attached shell's terminal as the inspector prints in it, from any thread: a line the page
/// ran is printed as a typed one (its command echoed behind the prompt); while the editor waits
/// for a line, above the prompt, which is drawn again below it with the half-typed line.
final class AttachedTerminal: Sendable {
  private let output: TerminalOutput
  private let format: OutputFormat
  private let isTerminal: Bool
  /// The terminal's editor's output for other threads, once the editor exists.
  private let promptOutput = Mutex<PromptOutput?>(nil)
  /// The prompt the terminal shows (`counter@4711 (live, read-only)> `), once the editor shows
  /// one: a line the page ran is echoed behind it, as if typed there.
  private let shownPrompt = Mutex<String?>(nil)

  init(output: TerminalOutput, format: OutputFormat, isTerminal: Bool) {
    self.output = output
    self.format = format
    self.isTerminal = isTerminal
  }

  /// Prints through `editorOutput` from now on.
  func use(_ editorOutput: PromptOutput) {
    promptOutput.withLock { $0 = editorOutput }
  }

  /// Notes the prompt the editor shows now (without its colour codes).
  func showing(prompt: String) {
    shownPrompt.withLock { $0 = prompt }
  }

  /// Prints the events of a line the page ran, its command behind the prompt the terminal shows
  /// (not the app's session's `counter> `), and below them the prompt the app gave after it
  /// (`fork` changes it).
  func show(_ events: [SessionEvent], prompt: String?) {
    let after = prompt.map { ControlCharacters.escaped($0) }
    let before = shownPrompt.withLock { shown in
      defer { if let after { shown = after } }
      return shown
    }
    let lines = ControlCharacters.escaped(
      format == .json ? OutputFormat.jsonLines(events) : events.flatMap { event -> [OutputLine] in
        if case .command(let command) = event, let before { return [OutputLine(.echo, before + command.line)] }
        return TranscriptRenderer.lines(for: [event], echoesCommands: true)
      })
    if isTerminal, let editorOutput = promptOutput.withLock({ $0 }) {
      editorOutput.write(output.text(lines), prompt: after.map(output.editorPrompt))
    } else {
      output.write(lines)
    }
  }
}
#endif
