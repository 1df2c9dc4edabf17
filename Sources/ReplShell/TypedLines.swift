import Foundation
import ReplShellCommands
import ReplShellHost
import ReplShellSession
import Scenarios

/// The lines of an interactive session, typed or sent by the inspector, taken one at a time.
/// While an inspector serves, the terminal (or the pipe) is read on a thread of its own, so that
/// the main actor, where the shell runs, is free to run the page's lines and answer its requests
/// while the prompt waits; a line the page sends is printed like a typed one, echoed behind the
/// prompt, and the prompt and the half-typed line are drawn again below it (`PromptOutput`).
@MainActor final class TypedLines {
  /// The session's host: the typed lines and the page's take their turns there.
  private let host: SessionHost
  private let output: TerminalOutput
  private let format: OutputFormat
  private let isTerminal: Bool
  /// The terminal's editor's output for other threads, once a line has been read with it.
  private var promptOutput: PromptOutput?

  init(host: SessionHost, output: TerminalOutput, format: OutputFormat, isTerminal: Bool) {
    self.host = host
    self.output = output
    self.format = format
    self.isTerminal = isTerminal
  }

  /// Whether reading must leave the main actor free: an inspector is serving.
  private var readsOffMain: Bool { host.shell.inspection.inspector?.address != nil }

  /// Reads a line at the prompt: on this thread, or on a thread of its own while an inspector serves.
  func read(from editor: LineEditor, prompt: String) async -> LineEditor.Input {
    promptOutput = editor.promptOutput
    guard readsOffMain else { return editor.readLine(prompt: prompt) }
    return await StandardInputReader.line(from: UncheckedEditor(editor: editor), prompt: prompt)
  }

  /// Reads a line of standard input when it is not a terminal; nil at its end.
  func readStandardInput() async -> String? {
    guard readsOffMain else { return readLine(strippingNewline: true) }
    return await StandardInputReader.line()
  }

  /// Runs a line the inspector sent, in its turn, and prints it as a typed line is printed.
  func runFromInspector(_ line: String) async -> Shell.Result {
    let result = await host.run(line, echoesCommands: true)
    let lines = format == .json ? OutputFormat.jsonLines(result.events) : result.lines
    if isTerminal, let promptOutput {
      // Above the prompt while a line is typed, which is then drawn again, half-typed text and all.
      promptOutput.write(output.text(lines), prompt: output.editorPrompt(host.shell.prompt))
    } else {
      output.write(lines)
    }
    return result
  }

  /// What Tab offers for `line`, asked by the line editor's callback, which cannot wait: on the
  /// main thread the prompt holds the main actor, so no request can be running and the host
  /// answers at once; on the reading thread (an inspector serves) the request takes its turn on
  /// the main actor while this thread, which only waits for keys, waits for the answer. Either
  /// way Ctrl-C stops a long completion (`TabInterruption`), and the prompt stays.
  nonisolated func completions(for line: String) -> ShellCompletion {
    TabInterruption.run { isInterrupted in
      guard StandardInputReader.isReadingThread else {
        return MainActor.assumeIsolated {
          host.completionsAtOnce(for: line, limit: CompletionBudget.terminalLimit, isInterrupted: isInterrupted)
        }
      }
      return MainActorAnswer.wait { [host] in
        await host.submit(CompletionQuery(line, limit: CompletionBudget.terminalLimit, isInterrupted: isInterrupted))
      }
    }
  }
}
