import Foundation
import ReplShellCommands
import ReplShellDomain
import ReplShellFoundation
import ReplShellSession
import StateValues

/// `shrink golden FILE.txt`: a scenario script whose golden no longer matches, shrunk to the
/// fewest lines whose transcript still differs from the golden *in the same way*: the transcript
/// first differs from the golden inside the output of the same command (the line whose output
/// differs, kept last; the lines after it go), at a line where the golden expects the same text
/// and the transcript has the same text as in the whole script's run. Each candidate runs as a
/// script of its own, in a fresh shell, through the one sequence shrinker; a line is a unit, and
/// the script's first `use` line stays.
@MainActor struct GoldenShrink {
  /// The domains the script may `use`.
  let domains: [Domain]
  /// The script.
  let script: URL
  /// How reports name it: as typed.
  let displayPath: String

  /// One command line of the script: its number in the file and its text.
  struct ScriptLine: Sendable {
    let number: Int
    let text: String
  }

  /// Where a transcript first differs from a golden.
  struct Mismatch: Equatable {
    /// The golden's line there; `(the golden ends)` past its end.
    let expected: String
    /// The transcript's line there; `(the transcript ends)` past its end.
    let actual: String
    /// Where in the transcript and the golden.
    let transcriptIndex: Int
    let goldenIndex: Int

    /// The same difference, wherever it is.
    func sameWay(as other: Mismatch) -> Bool {
      expected == other.expected && actual == other.actual
    }
  }

  /// What the shrink found.
  struct Result {
    var outcome: ShrinkOutcome
    /// The shrunk script: its `use` line, the lines kept, the command whose output differs.
    var scriptText: String = ""
    /// The golden's own lines for that command's output (after its echo): what the saved
    /// scenario's golden expects of it.
    var expectedBlock: [String] = []
  }

  static let goldenEnds = "(the golden ends)"
  static let transcriptEnds = "(the transcript ends)"

  /// Shrinks the script; the outcome says so at once when its golden matches.
  func shrink(progress: ProgressReporter?) async throws(CommandError) -> Result {
    let started = ContinuousClock.now
    let text: String
    do {
      text = try FileReach.anywhere.readText(script.path, shownAs: displayPath, budget: Budget.current.holding(bytes: ScriptLines.sizeLimit))
    } catch {
      throw CommandError("\(error.description); `shrink golden` takes a scenario script ending in `.txt`")
    }
    let goldenURL = ScriptRunner.goldenURL(for: script)
    guard let golden = try GoldenComparison.read(at: goldenURL) else {
      throw CommandError("\(displayPath) has no golden (\(goldenURL.lastPathComponent)) to differ from: `--update \(displayPath)` writes one")
    }
    let runner = ScriptRunner(domains: domains)
    let whole = await runner.run(script, displayPath: displayPath)
    let expected = Self.lines(of: golden)
    guard !GoldenComparison(golden: golden, transcript: whole.text).matches,
      let mismatch = Self.firstMismatch(expected: expected, from: 0, actual: whole.transcript.map(\.text), from: 0)
    else {
      return Result(outcome: ShrinkOutcome(lines: [.note("the golden of \(displayPath) matches its transcript: there is nothing to shrink")], property: "golden \(displayPath)", actionCount: 0))
    }
    // The command whose output differs: the last echo at or before the difference.
    guard let echoIndex = whole.transcript[..<min(mismatch.transcriptIndex + 1, whole.transcript.count)].lastIndex(where: { $0.kind == .echo }) else {
      throw CommandError("the transcript of \(displayPath) differs from its golden before its first command: there is no action to shrink")
    }
    let commands = ScriptLines.lines(of: text).enumerated().filter { !ScriptLines.isCommentOrBlank($0.element) }
      .map { ScriptLine(number: $0.offset + 1, text: $0.element.trimmingLeadingWhitespace.trimmingTrailingWhitespace) }
    // The script's commands in the order their echoes come (comments echo too, as written).
    var ran = 0
    var echoed: Int?
    for index in whole.transcript[...echoIndex].indices where whole.transcript[index].kind == .echo {
      guard ran < commands.count, whole.transcript[index].text.hasSuffix(commands[ran].text) else { continue }
      ran += 1
      if index == echoIndex { echoed = ran }
    }
    guard let echoCount = echoed else {
      throw CommandError("the transcript of \(displayPath) differs from its golden after a line its script does not have (a sourced script's): shrink that script instead")
    }
    let command = commands[echoCount - 1]
    // The next command's echo where the golden expects more of this one's output: its output
    // ends there, as it does when the command is a candidate's last line.
    let target =
      mismatch.transcriptIndex < whole.transcript.count && mismatch.transcriptIndex > echoIndex && whole.transcript[mismatch.transcriptIndex].kind == .echo
      ? Mismatch(expected: mismatch.expected, actual: Self.transcriptEnds, transcriptIndex: mismatch.transcriptIndex, goldenIndex: mismatch.goldenIndex) : mismatch
    // Where the golden has that command's echo: the transcript and the golden agree up to the difference.
    let goldenEcho = mismatch.goldenIndex - (mismatch.transcriptIndex - echoIndex)
    guard goldenEcho >= 0, GoldenComparison.line(expected[goldenEcho], matches: whole.transcript[echoIndex].text) else {
      throw CommandError("the golden of \(displayPath) is too far from its transcript (its `...` lines cover the command that differs) to shrink against")
    }
    let before = Array(commands[..<(echoCount - 1)])
    let fixed = before.first.flatMap { $0.text.hasPrefix("use ") ? $0 : nil }
    let units = fixed == nil ? before : Array(before.dropFirst())
    let folder = script.deletingLastPathComponent()
    let name = script.lastPathComponent
    let scriptText = { (lines: [ScriptLine]) -> String in
      ((fixed.map { [$0] } ?? []) + lines + [command]).map(\.text).joined(separator: "\n") + "\n"
    }
    let replay: @MainActor ([ScriptLine]) async -> [ScriptLine]? = { candidate in
      let run = await runner.run(text: scriptText(candidate), name: name, baseDirectory: folder)
      let echoes = run.transcript.indices.filter { run.transcript[$0].kind == .echo }
      // The run reached the command: every line of it ran.
      guard echoes.count == candidate.count + (fixed == nil ? 1 : 2), let last = echoes.last else { return nil }
      let found = Self.firstMismatch(expected: expected, from: goldenEcho, actual: run.transcript.map(\.text), from: last)
      return found.map { $0.sameWay(as: target) } == true ? candidate : nil
    }
    let moves = SequenceShrinker<ScriptLine>.Moves(unit: \.number, payload: { _ in nil }, withPayload: { _, _ in nil }, simpler: { _ in [] }, simplerLeaf: { _ in [] })
    var shrinker = SequenceShrinker(moves: moves, replay: replay)
    let total = units.count
    var lastReport = started
    shrinker.progress = { left, replays in
      guard let progress, ContinuousClock.now - lastReport >= .milliseconds(100) else { return }
      lastReport = ContinuousClock.now
      progress(ProgressReport(.shrink(total: total, left: left, replays: replays), elapsed: lastReport - started))
    }
    guard try await shrinker.breaks(units) != nil else {
      progress?(nil)
      throw CommandError(
        "\(displayPath) cut after `\(command.text)` (line \(command.number)) no longer differs from its golden the same way (what follows that line changes its output): there is nothing to shrink toward")
    }
    let shrunk = try await shrinker.shrink(units)
    progress?(nil)
    let elapsed = ContinuousClock.now - started
    let seconds = elapsed.inSeconds
    let place = "`\(command.text)` (\(displayPath):\(command.number))"
    var lines: [OutputLine] = [
      .plain(
        "the golden of \(displayPath) differs at \(place): \(Self.count(total, "line")) before it shrunk to \(shrunk.count) in \(Self.count(shrinker.replays, "replay")) (\(String(format: "%.2f", seconds)) s)\(Task.isCancelled ? ShrinkOutcome.stoppedNote : "")")
    ]
    for line in (fixed.map { [$0] } ?? []) + shrunk + [command] { lines.append(.plain("  \(line.text)")) }
    lines.append(.plain("expected: \(mismatch.expected)"))
    lines.append(.plain("actual:   \(target.actual)"))
    // The golden's lines for the command, up to the echo of the command after it.
    let nextEcho = whole.transcript[(echoIndex + 1)...].first { $0.kind == .echo }?.text
    let blockEnd = nextEcho.flatMap { next in expected[(goldenEcho + 1)...].firstIndex(of: next) } ?? expected.count
    var result = Result(
      outcome: ShrinkOutcome(
        lines: lines, property: "golden \(displayPath)", actionCount: total, shrunkCount: shrunk.count,
        failure: "the golden of \(displayPath) differs at `\(command.text)` in the same way with \(Self.count(shrunk.count, "line")) of the \(total) before it"))
    result.scriptText = scriptText(shrunk)
    result.expectedBlock = Array(expected[min(goldenEcho + 1, expected.count)..<max(blockEnd, min(goldenEcho + 1, expected.count))])
    return result
  }

  /// "1 line", "3 lines".
  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// The golden's lines, without the empty one after its final newline.
  static func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The first place, from `expectedStart` and `actualStart` on, where `actual` does not match
  /// `expected`: each golden line matches one transcript line (`[..]` standing for any text in
  /// it), and a `...` line any number of them, up to the first that matches the golden's next
  /// line. Nil when they match to the end of both.
  static func firstMismatch(expected: [String], from expectedStart: Int, actual: [String], from actualStart: Int) -> Mismatch? {
    var golden = expectedStart
    var transcript = actualStart
    while golden < expected.count || transcript < actual.count {
      if golden < expected.count, expected[golden] == GoldenComparison.linesWildcard {
        golden += 1
        guard golden < expected.count else { return nil }
        while transcript < actual.count, !GoldenComparison.line(expected[golden], matches: actual[transcript]) { transcript += 1 }
        continue
      }
      guard golden < expected.count, transcript < actual.count, GoldenComparison.line(expected[golden], matches: actual[transcript]) else {
        return Mismatch(
          expected: golden < expected.count ? expected[golden] : goldenEnds, actual: transcript < actual.count ? actual[transcript] : transcriptEnds,
          transcriptIndex: transcript, goldenIndex: golden)
      }
      golden += 1
      transcript += 1
    }
    return nil
  }
}
