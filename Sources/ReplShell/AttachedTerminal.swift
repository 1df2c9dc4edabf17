// Linux only for now: the attachment is.
#if canImport(Glibc)
import Foundation
import Scenarios
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

  init(output: TerminalOutput, format: OutputFormat, isTerminal: Bool) {
    self.output = output
    self.format = format
    self.isTerminal = isTerminal
  }

  /// Prints through `editorOutput` from now on.
  func use(_ editorOutput: PromptOutput) {
    promptOutput.withLock { $0 = editorOutput }
  }

  /// Prints the events of a line the page ran, and below them the prompt the app gave after it
  /// (`fork` changes it).
  func show(_ events: [SessionEvent], prompt: String?) {
    let lines = format == .json ? OutputFormat.jsonLines(events) : TranscriptRenderer.lines(for: events, echoesCommands: true)
    if isTerminal, let editorOutput = promptOutput.withLock({ $0 }) {
      editorOutput.write(output.text(lines), prompt: prompt.map(output.editorPrompt))
    } else {
      output.write(lines)
    }
  }
}
#endif
