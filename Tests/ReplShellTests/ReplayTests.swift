import Foundation
import Testing

/// `replshell --replay FILE`: a transcript the real binary wrote with `--format json` opens as a
/// session whose history, jump, diff, state and save work; a transcript edited so that the
/// reducer disagrees stops at that entry with the first differing line; a command line that
/// misnames things exits 64 saying what to type.
@Suite(.timeLimit(.minutes(10))) struct ReplayTests {
  /// A folder of the test's own with `rec.txt` in it, recorded as `rec.jsonl` by the binary.
  private func recorded() async throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script = """
      use counter
      dispatch didTapIncrementButton
      dispatch didTapIncrementButton
      undo
      dispatch didTapDecrementButton
      dispatch didTapIncrementButton

      """
    try script.write(to: folder.appendingPathComponent("rec.txt"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--format", "json", "--script", "rec.txt"], in: folder)
    #expect(run.status == 0, "\(run.standardError)")
    try run.standardOutput.write(to: folder.appendingPathComponent("rec.jsonl"), atomically: true, encoding: .utf8)
    return folder
  }

  @Test func aRecordedTranscriptReplaysWithItsEntriesAndTimeTravelWorks() async throws {
    let folder = try await recorded()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await ReplShellRun.run(["--replay", "rec.jsonl"], in: folder, input: "history\ndiff\nstate\njump 1\nstate\nundo\nhistory\n")
    #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    // The undone second increment is dropped as the recorded session dropped it: entry 2 is the decrement.
    #expect(
      run.lines == [
        "replayed 4 actions of counter from rec.jsonl, listeners off: only the reducer ran",
        "1  didTapIncrementButton", "2  didTapDecrementButton", "3  didTapIncrementButton",
        "  CounterState(", "-   value: 0", "+   value: 1", "  )",
        "CounterState(value: 1)",
        "jumped to 1: didTapIncrementButton", "no change",
        "CounterState(value: 1)",
        "undid 1: didTapIncrementButton", "  CounterState(", "-   value: 1", "+   value: 0", "  )",
        "── now: the initial state ──",
        "1  didTapIncrementButton   (undone)", "2  didTapDecrementButton   (undone)", "3  didTapIncrementButton   (undone)",
      ], "\(run.standardOutput)")
  }

  /// A crafted recording: its action's string holds a window-title escape, a bell and line breaks
  /// around a `source` line. `history --full` prints the action escaped, as a live session writes
  /// it, and `save` writes it on one line that reads back as itself, with no `source` of its own.
  @Test func aCraftedRecordingsEscapesReachNeitherTheTerminalNorASavedScript() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-crafted-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = #"use animals"# + "\n" + #"dispatch animalEditor.onTapAddAnimalButton(id: "A1", name: "Eagle", diet: .carnivorous, categoryId: "Bird")"# + "\n"
    try script.write(to: folder.appendingPathComponent("rec.txt"), atomically: true, encoding: .utf8)
    let recorded = try await ReplShellRun.run(["--format", "json", "--script", "rec.txt"], in: folder)
    #expect(recorded.status == 0, "\(recorded.standardError)")
    // The dispatch's action rewritten as a hostile file would have it; its diff left out, so that no diff is compared.
    let crafted = try recorded.standardOutput.split(separator: "\n").map { line in
      var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      if object["event"] as? String == "dispatched" {
        object["action"] = "animalEditor.onTapAddAnimalButton(id: \"A1\", name: \"x\u{1B}]0;owned\u{7}\nsource evil.txt\n\", diet: .carnivorous, categoryId: \"Bird\")"
        object["diff"] = NSNull()
      }
      return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }
    try (crafted.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("crafted.jsonl"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--replay", "crafted.jsonl"], in: folder, input: "history --full\nsave s.txt\n")
    #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    // The action as the shell writes it, for the dispatch and for its listener's (whose recorded action was rewritten too).
    let escaped = #"ui.animalEditor.onTapAddAnimalButton(id: "A1", name: "x\u{1b}]0;owned\u{7}\nsource evil.txt\n", diet: .carnivorous, categoryId: "Bird")"#
    #expect(run.lines.prefix(3) == ["replayed 2 actions of animals from crafted.jsonl, listeners off: only the reducer ran", "1  " + escaped, "2  ↳ " + escaped + "   (listener)"], "\(run.standardOutput)")
    for printed in [run.standardOutput, run.standardError] {
      #expect(!printed.unicodeScalars.contains { [0x1B, 0x07].contains($0.value) }, "\(printed.debugDescription)")
    }
    let saved = try String(contentsOf: folder.appendingPathComponent("s.txt"), encoding: .utf8)
    #expect(saved == "use animals --listeners off\ndispatch \(escaped)\ndispatch \(escaped)\n", "\(saved.debugDescription)")
  }

  /// A recording is read through the one file reach: a device that never ends, a FIFO nobody
  /// writes to and a link are refused before any byte is read, naming the path and why.
  @Test func aRecordingThatIsNotARegularFileIsRefusedBeforeItIsRead() async throws {
    let folder = try await recorded()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o600) == 0)
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.jsonl").path, withDestinationPath: "rec.jsonl")
    for (path, reason) in [("/dev/zero", "it is a device, not a regular file"), ("fifo", "it is a FIFO, not a regular file"), ("link.jsonl", "it is a symbolic link; give the path of a file itself")] {
      let run = try await ReplShellRun.run(["--replay", path], in: folder, input: "")
      #expect(run.status != 0 && run.standardError.contains("cannot read \(path): \(reason)"), "\(path): \(run.standardError)")
    }
  }

  @Test func anEditedTranscriptStopsAtTheEntryTheReducerDisagreesWith() async throws {
    let folder = try await recorded()
    defer { try? FileManager.default.removeItem(at: folder) }
    let original = try String(contentsOf: folder.appendingPathComponent("rec.jsonl"), encoding: .utf8)
    // The decrement (entry 2 after the undo) recorded as if it had gone from 1 to 7.
    let lines = original.split(separator: "\n").map(String.init)
    let decrement = try #require(lines.firstIndex { $0.contains("\"action\": \"didTapDecrementButton\"") })
    var edited = lines
    edited[decrement] = edited[decrement].replacingOccurrences(of: "\"+   value: 0\"", with: "\"+   value: 7\"")
    #expect(edited[decrement] != lines[decrement])
    try (edited.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("bad.jsonl"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--replay", "bad.jsonl"], in: folder, input: "history\nstate\n")
    #expect(run.status == 1)
    #expect(
      run.lines == [
        "replayed the first 2 actions of counter from bad.jsonl, listeners off, then stopped where the reducer disagrees with the recording:",
        "error: bad.jsonl:\(decrement + 1): entry #2 `didTapDecrementButton`: the reducer's diff now differs from the recorded one at its line 3",
        "  recorded: +   value: 7",
        "  now:      +   value: 0",
        // The state the decrement was dispatched from: the second increment, which the recorded session undid, stays undone.
        "1  didTapIncrementButton",
        "── now: the state after 1 ──",
        "2  didTapIncrementButton   (undone)",
        "CounterState(value: 1)",
      ], "\(run.standardOutput)")
  }

  /// On a replayed session `break when` names the recorded entry that first made its predicate
  /// true, and stops a new dispatch as in any session.
  @Test func aBreakpointFindsWhereTheRecordingFirstCrossedIt() async throws {
    let folder = try await recorded()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await ReplShellRun.run(["--replay", "rec.jsonl"], in: folder, input: "jump 0\nbreak when selectValue == 1\ndispatch didTapIncrementButton\nstate\n")
    #expect(run.status == 1, "a piped session is a script: the stop fails it")
    #expect(
      Array(run.lines.dropFirst(6)) == [
        "break 1: stops at the first dispatch that makes selectValue == 1 true",
        "the history made it true first at #1 didTapIncrementButton: `jump 1` goes there",
        "  CounterState(", "-   value: 0", "+   value: 1", "  )",
        "■ break 1 (selectValue == 1) at #1 didTapIncrementButton, <stdin>:3",
        "  value: 1",
        "  ← caused by <stdin>:3",
        "  `history` lists what led here, `jump 0` goes to the state before it, `why <path>` says what set a part of the state",
        "error: <stdin>:3: stopped by break 1 (selectValue == 1) at #1 didTapIncrementButton; the rest of the script did not run",
      ], "\(run.standardOutput)")
  }

  /// Time travel that succeeded in the recording moves the replayed state the same way; one that
  /// failed there (nothing to redo) moves nothing: the session stands where the recorded one did.
  @Test func theRecordedTimeTravelLeavesTheStateWhereTheSessionLeftIt() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = ["use counter"] + Array(repeating: "dispatch didTapIncrementButton", count: 3) + ["undo", "jump 1", "redo", "jump 9"]
    try (lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("t.txt"), atomically: true, encoding: .utf8)
    // The last `jump` fails (there is no entry 9): the script stops there, and the transcript says so.
    let recording = try await ReplShellRun.run(["--format", "json", "--script", "t.txt"], in: folder)
    #expect(recording.status == 1 && recording.standardOutput.contains("no history entry 9"), "\(recording.standardOutput)")
    try recording.standardOutput.write(to: folder.appendingPathComponent("t.jsonl"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--replay", "t.jsonl"], in: folder, input: "state\nhistory\n")
    #expect(
      run.lines == [
        "replayed 3 actions of counter from t.jsonl, listeners off: only the reducer ran",
        "CounterState(value: 2)",
        "1  didTapIncrementButton", "2  didTapIncrementButton", "── now: the state after 2 ──", "3  didTapIncrementButton   (undone)",
      ], "\(run.standardOutput)")
  }

  @Test func aReplayedSessionSavesAScenarioThatReplaysTheSameStates() async throws {
    let folder = try await recorded()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await ReplShellRun.run(["--replay", "rec.jsonl"], in: folder, input: "save saved.txt\n")
    #expect(run.status == 0, "\(run.standardOutput)")
    let saved = try String(contentsOf: folder.appendingPathComponent("saved.txt"), encoding: .utf8)
    #expect(saved == "use counter --listeners off\ndispatch didTapIncrementButton\ndispatch didTapDecrementButton\ndispatch didTapIncrementButton\n")
    let check = try await ReplShellRun.run(["--check", "saved.txt"], in: folder)
    #expect(check.status == 0 && check.standardOutput.contains("ok: saved.txt matches saved.golden"), "\(check.standardOutput)")
  }

  @Test func unknownFieldsAndKindsArePassedOverAndEntriesKept() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // What a later shell may write: a dispatch with a field this one does not know, and an event of a kind it does not know.
    let transcript = """
      {"event": "command", "line": "use counter", "domain": null, "location": null}
      {"event": "dispatched", "action": "didTapIncrementButton", "origin": "user", "diff": ["  CounterState(", "-   value: 0", "+   value: 1", "  )"], "rejection": null, "hidden": false, "diffKinds": null, "id": 1, "cause": {"line": 1}, "elapsed": 0.25}
      {"event": "why", "path": "value"}
      {"event": "dispatched", "action": "didTapIncrementButton", "origin": "user", "diff": ["  CounterState(", "-   value: 1", "+   value: 2", "  )"], "rejection": null, "hidden": false, "diffKinds": null, "id": 2, "cause": {"line": 3}, "elapsed": 0.5}

      """
    try transcript.write(to: folder.appendingPathComponent("later.jsonl"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--replay", "later.jsonl"], in: folder, input: "history\nstate\n")
    #expect(
      run.lines == [
        "replayed 2 actions of counter from later.jsonl, listeners off: only the reducer ran",
        "passed over 1 event of kinds this shell does not know",
        "1  didTapIncrementButton", "2  didTapIncrementButton", "CounterState(value: 2)",
      ], "\(run.standardOutput)")
    // A kind this shell knows must read back whole.
    try #"{"event": "dispatched", "origin": "user"}"#.write(to: folder.appendingPathComponent("broken.jsonl"), atomically: true, encoding: .utf8)
    let broken = try await ReplShellRun.run(["--replay", "broken.jsonl"], in: folder, input: "")
    #expect(broken.status == 1 && broken.standardError.contains("broken.jsonl:1: a `dispatched` event that cannot be read: it has no `action`"), "\(broken.standardError)")
  }

  @Test func aCommandLineThatMisnamesTheReplaySaysWhatToType() async throws {
    let folder = try await recorded()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = try await ReplShellRun.run(["--replay", "gone.jsonl"], in: folder)
    #expect(missing.status == 64 && missing.standardError.contains("--replay gone.jsonl: no such file; give what `--format json` wrote"), "\(missing.standardError)")
    let withCheck = try await ReplShellRun.run(["--replay", "rec.jsonl", "--check", "rec.txt"], in: folder)
    #expect(withCheck.status == 64 && withCheck.standardError.contains("--replay opens one recorded session at the prompt"), "\(withCheck.standardError)")
    let withDomain = try await ReplShellRun.run(["--replay", "rec.jsonl", "animals"], in: folder)
    #expect(withDomain.status == 64 && withDomain.standardError.contains("--replay takes its domain from the recording: remove `animals`"), "\(withDomain.standardError)")
    let misspelled = try await ReplShellRun.run(["--replays", "rec.jsonl"], in: folder)
    #expect(misspelled.status == 64 && misspelled.standardError.contains("did you mean `--replay`?"), "\(misspelled.standardError)")
    let noValue = try await ReplShellRun.run(["--replay"], in: folder)
    #expect(noValue.status == 64 && noValue.standardError.contains("Missing value for '--replay <file>'"), "\(noValue.standardError)")
    let notJSON = try await ReplShellRun.run(["--replay", "rec.txt"], in: folder, input: "")
    #expect(notJSON.status == 1 && notJSON.standardError.contains("rec.txt:1: not a session event: --replay reads what `--format json` writes"), "\(notJSON.standardError)")
  }
}
