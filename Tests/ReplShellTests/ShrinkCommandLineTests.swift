import Foundation
import Testing

/// `replshell --replay FILE --shrink PROPERTY`: a `--format json` transcript and a scenario
/// script shrink to the three increments that make the counter 3, print it and exit 1; a property
/// that holds exits 0 at once; `--save` keeps the scenario, which fails as the recording did.
@Suite(.timeLimit(.minutes(10))) struct ShrinkCommandLineTests {
  /// A counter session: increments and decrements that end at 3, and an `expect` it fails.
  private static let script = (["use counter"]
    + (0..<40).map { $0 % 3 == 2 ? "dispatch didTapDecrementButton" : "dispatch didTapIncrementButton" }
    + ["dispatch didTapDecrementButton"] * 11 + ["expect selectValue != 3"]).joined(separator: "\n") + "\n"

  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shrink-cli-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Self.script.write(to: folder.appendingPathComponent("session.txt"), atomically: true, encoding: .utf8)
    return folder
  }

  @Test func aTranscriptShrinksToTheThreeIncrements() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let recorded = try await ReplShellRun.run(["--format", "json", "--script", "session.txt"], in: folder)
    #expect(recorded.status == 1, "\(recorded.standardError)")
    try recorded.standardOutput.write(to: folder.appendingPathComponent("session.jsonl"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--replay", "session.jsonl", "--shrink", "expect selectValue != 3"], in: folder)
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    let first = run.lines.first ?? ""
    #expect(first.hasPrefix("expect selectValue != 3 fails: 51 actions shrunk to 3 in "), "\(run.lines)")
    let increments: [String] = Array(repeating: "  dispatch didTapIncrementButton", count: 3)
    let shrunk: [String] = Array(run.lines.dropFirst().prefix(3))
    #expect(shrunk == increments, "\(run.lines)")
    #expect(run.lines.contains("  actual: 3"), "\(run.lines)")
    #expect(run.standardError.contains("replayed 51 actions of counter from session.jsonl"), "\(run.standardError)")
  }

  @Test func aScriptShrinksToTheThreeIncrementsAndItsScenarioIsSaved() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // No property given: the script's failing `expect` is the one.
    let run = try await ReplShellRun.run(["--replay", "session.txt", "--shrink", "", "--save", "three.txt"], in: folder)
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    #expect(run.lines.first?.hasPrefix("expect selectValue != 3 fails: 51 actions shrunk to 3 in ") == true, "\(run.lines)")
    let saved = try String(contentsOf: folder.appendingPathComponent("three.txt"), encoding: .utf8)
    #expect(
      saved.split(separator: "\n").map(String.init) == [
        "use counter --listeners off",
        "# shrunk by `shrink` from 51 actions to 3, the listeners off and their actions in place: fails until the bug is fixed",
        "dispatch --may-reject didTapIncrementButton", "dispatch --may-reject didTapIncrementButton", "dispatch --may-reject didTapIncrementButton",
        "expect selectValue != 3",
      ], "\(saved)")
    let check = try await ReplShellRun.run(["--check", "three.txt"], in: folder)
    #expect(check.status == 1, "\(check.standardOutput)")
    #expect(check.lines.last == "scenarios: 0 passed, 1 failed", "\(check.lines)")
  }

  @Test func aPropertyThatHoldsExitsZeroAtOnce() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await ReplShellRun.run(["--replay", "session.txt", "--shrink", "invariant selectValue < 100"], in: folder)
    #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    #expect(run.lines == ["invariant selectValue < 100 holds over the 51 actions the state has applied: there is nothing to shrink"])
  }

  /// A recording whose listeners dispatched in between (Animals against its in-memory database:
  /// each `onAppear` fetches, and its listener dispatches what came back) shrinks with the
  /// listeners off, the listener's recorded action kept in place right after the action that led
  /// to it: they are one unit.
  @Test func aRecordingWhoseListenersDispatchedShrinksWithTheirActionsInPlace() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = [
      "use animals", "dispatch categoryList.onAppear", "dispatch animalList.onAppear", "dispatch categoryList.onAppear",
      "dispatch animalList.onTapDeleteSelectedAnimalButton(animalId: \"Dog\")", "dispatch categoryList.onAppear",
    ].joined(separator: "\n") + "\n"
    try script.write(to: folder.appendingPathComponent("listened.txt"), atomically: true, encoding: .utf8)
    let recorded = try await ReplShellRun.run(["--format", "json", "--script", "listened.txt"], in: folder)
    #expect(recorded.status == 0, "\(recorded.standardOutput)\(recorded.standardError)")
    #expect(recorded.standardOutput.contains("\"origin\": \"listener\""), "\(recorded.standardOutput)")
    try recorded.standardOutput.write(to: folder.appendingPathComponent("listened.jsonl"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--replay", "listened.jsonl", "--shrink", "expect selectAnimalsStatus != .success"], in: folder)
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    #expect(run.lines.first?.hasPrefix("expect selectAnimalsStatus != .success fails: ") == true && run.lines.first?.contains(" shrunk to 2 in ") == true, "\(run.lines)")
    let shrunk = Array(run.lines.dropFirst().prefix(2))
    #expect(shrunk.first == "  dispatch ui.animalList.onAppear", "\(run.lines)")
    #expect(
      shrunk.last?.hasPrefix("  dispatch data.persistentSession.didFetchAnimals(") == true && shrunk.last?.hasSuffix("   (a listener's, kept in place)") == true,
      "\(run.lines)")
  }

  /// A rejection a `--format json` transcript recorded is the one `--shrink rejects` takes: the
  /// reducer rejects deleting an animal that is not there from the first state too, with the
  /// same error, so none of the actions before it is needed.
  @Test func aRecordedRejectionShrinks() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = [
      "use animals --listeners off", "dispatch animalList.onAppear", "dispatch categoryList.onAppear",
      "dispatch --may-reject animalList.onTapDeleteSelectedAnimalButton(animalId: \"Dog\")", "dispatch categoryList.onAppear",
    ].joined(separator: "\n") + "\n"
    try script.write(to: folder.appendingPathComponent("animals.txt"), atomically: true, encoding: .utf8)
    let recorded = try await ReplShellRun.run(["--format", "json", "--script", "animals.txt"], in: folder)
    #expect(recorded.status == 0, "\(recorded.standardOutput)\(recorded.standardError)")
    try recorded.standardOutput.write(to: folder.appendingPathComponent("animals.jsonl"), atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--replay", "animals.jsonl", "--shrink", "rejects"], in: folder)
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    #expect(run.lines.first?.hasPrefix("`dispatch ui.animalList.onTapDeleteSelectedAnimalButton(animalId: \"Dog\")` rejected: 2 actions shrunk to 0 in ") == true, "\(run.lines)")
    #expect(run.lines.contains("rejected: AnimalsReducer.Error(code: .animalNotFound)"), "\(run.lines)")
  }

  /// `--shrink golden`: a script whose golden says the count ends at 4 shrinks to the three
  /// increments that make it 3; the saved scenario fails `--check`.
  @Test func aScriptWhoseGoldenDiffersShrinksAgainstIt() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = (["use counter"] + (0..<12).map { $0 % 4 == 3 ? "dispatch didTapDecrementButton" : "dispatch didTapIncrementButton" } + ["select selectValue"])
      .joined(separator: "\n") + "\n"
    try script.write(to: folder.appendingPathComponent("count.txt"), atomically: true, encoding: .utf8)
    let update = try await ReplShellRun.run(["--update", "count.txt"], in: folder)
    #expect(update.status == 0, "\(update.standardOutput)\(update.standardError)")
    let goldenURL = folder.appendingPathComponent("count.golden")
    var golden = try String(contentsOf: goldenURL, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    try #require(golden.suffix(2) == ["6", ""], "\(golden)")
    golden[golden.count - 2] = "4"
    try golden.joined(separator: "\n").write(to: goldenURL, atomically: true, encoding: .utf8)
    let run = try await ReplShellRun.run(["--replay", "count.txt", "--shrink", "golden", "--save", "small.txt"], in: folder)
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    #expect(run.lines.first?.hasPrefix("the golden of count.txt differs at `select selectValue` (count.txt:14): 12 lines before it shrunk to 6 in ") == true, "\(run.lines)")
    #expect(run.lines.filter { $0 == "  dispatch didTapIncrementButton" }.count == 6, "\(run.lines)")
    #expect(run.lines.contains("expected: 4") && run.lines.contains("actual:   6"), "\(run.lines)")
    let check = try await ReplShellRun.run(["--check", "small.txt"], in: folder)
    #expect(check.status == 1, "\(check.standardOutput)")
    #expect(check.lines.last == "scenarios: 0 passed, 1 failed", "\(check.lines)")
  }

  /// Ctrl-C during a long search stops it, as at the prompt: the process answers with what shrank
  /// so far, says it was stopped, saves it with `--save`, and exits 1 — it is not killed by the
  /// signal. The signal is sent once the shell says it loaded the recording. Every one of the
  /// 20,000 increments is needed to break the property, so no chunk can go: the search tries
  /// them one by one, each try a replay of thousands of actions, far longer than the signal takes.
  @Test func ctrlCStopsTheSearchWithWhatShrankSoFar() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = (["use counter"] + ["dispatch didTapIncrementButton"] * 20_000 + ["expect selectValue != 20000"])
      .joined(separator: "\n") + "\n"
    try long.write(to: folder.appendingPathComponent("long.txt"), atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = try ReplShellRun.executable
    process.arguments = ["--replay", "long.txt", "--shrink", "", "--save", "kept.txt"]
    process.currentDirectoryURL = folder
    let output = folder.appendingPathComponent("stdout")
    try Data().write(to: output)
    let outputHandle = try FileHandle(forWritingTo: output)
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = outputHandle
    process.standardError = errors
    let ended = AsyncStream<Void>.makeStream()
    process.terminationHandler = { _ in ended.continuation.finish() }
    try process.run()
    // The signal: the line that says the recording is loaded, read as it arrives, on a thread
    // of its own (the read blocks).
    let said = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
      Thread.detachNewThread {
        var said = ""
        while !said.contains("loaded long.txt") {
          let chunk = errors.fileHandleForReading.availableData
          if chunk.isEmpty { break }
          said += String(decoding: chunk, as: UTF8.self)
        }
        continuation.resume(returning: said)
      }
    }
    #expect(said.contains("loaded long.txt"), "\(said)")
    kill(process.processIdentifier, SIGINT)
    for await _ in ended.stream {}
    try outputHandle.close()
    let printed = try String(contentsOf: output, encoding: .utf8)
    #expect(process.terminationReason == .exit, "killed by a signal: \(printed)")
    #expect(process.terminationStatus == 1, "\(printed)")
    #expect(printed.contains("stopped before the end (Ctrl-C): this is what shrank so far"), "\(printed)")
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("kept.txt").path), "\(printed)")
  }

  @Test func shrinkOptionsWithoutAReplaySayWhatToType() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await ReplShellRun.run(["--shrink", "expect selectValue != 3"], in: folder)
    #expect(run.status == 64)
    #expect(run.standardError.contains("--shrink shrinks a recording: give it with --replay"), "\(run.standardError)")
    let save = try await ReplShellRun.run(["--replay", "session.txt", "--save", "x.txt"], in: folder)
    #expect(save.status == 64)
    #expect(save.standardError.contains("--save, --swift and --force keep what --shrink found"), "\(save.standardError)")
  }
}

private func * (line: [String], count: Int) -> [String] {
  Array((0..<count).map { _ in line }.joined())
}
