import Foundation
import TestSupport
import Testing

/// An app's flight recorder (`ReplShellAttachment(flightRecorder:)`): `AttachedCounter` records
/// its actions as JSON events that `replshell --replay` opens; a log past its size rotates into
/// two files, each starting from a snapshot of the state, and either replays.
@Suite(.serialized, .timeLimit(.minutes(10))) struct FlightRecorderTests {
  /// Runs `AttachedCounter` with its recorder at `log` in `folder`, taps `lines` and waits until
  /// the log holds entry `count` (the recorder writes off the app's main actor), then ends it.
  private func record(_ lines: [String], into log: URL, maxBytes: Int? = nil, folder: URL) async throws {
    let arguments = ["--flight-recorder", log.path] + (maxBytes.map { ["--flight-recorder-max", String($0)] } ?? [])
    let app = try PipedChild(try PipedChild.built("AttachedCounter"), arguments, environment: ["XDG_RUNTIME_DIR": folder.path], folder: folder, name: "app")
    try await app.wait(for: ")\n")
    for line in lines { app.send(line) }
    try await app.wait(for: "tap \(lines.count) at")
    let deadline = ContinuousClock.now + PipedChild.hangGuard
    // The last action is in the log, or (rotated right after it) in the previous file, before a snapshot that starts from it.
    func logged() -> Bool {
      let written = ((try? String(contentsOf: log, encoding: .utf8)) ?? "") + ((try? String(contentsOfFile: log.path + ".1", encoding: .utf8)) ?? "")
      return written.contains("\"id\": \(lines.count),")
    }
    while !logged() {
      guard ContinuousClock.now < deadline else {
        await app.stop()
        throw PipedChild.Failure(description: "the log never held entry \(lines.count): \((try? String(contentsOf: log, encoding: .utf8)) ?? "(none)")")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(try await app.finish() == 0)
  }

  private func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Runs `AttachedCounter` with its recorder at `path`, which it must refuse with `refusal` on
  /// its standard error: the app runs on, its taps answered, without a recorder.
  private func expectRefused(_ path: URL, saying refusal: String, folder: URL) async throws {
    let app = try PipedChild(
      try PipedChild.built("AttachedCounter"), ["--flight-recorder", path.path], environment: ["XDG_RUNTIME_DIR": folder.path], folder: folder, name: "app")
    try await app.wait(for: refusal, inErrors: true)
    try await app.wait(for: ")\n")
    app.send("inc")
    try await app.wait(for: "tap 1 at")
    #expect(try await app.finish() == 0)
  }

  /// In a folder others can write, what sits at the log's path is not the app's to write: a
  /// symbolic link (it would send the state into the file it names) and a file another user owns
  /// (they would read the state) are refused and left as they were.
  @Test func aLinkOrAnotherUsersFileAtThePathIsRefusedAndLeftAlone() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let victim = folder.appendingPathComponent("victim.txt")
    try "keep me\n".write(to: victim, atomically: true, encoding: .utf8)
    let link = folder.appendingPathComponent("counter.jsonl")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)
    try await expectRefused(link, saying: "cannot write \(link.path): it is a symbolic link; the app runs on without it", folder: folder)
    #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me\n")

    // Only root can give a file away: elsewhere this half has nothing to set up.
    guard geteuid() == 0 else { return }
    let foreign = folder.appendingPathComponent("foreign.jsonl")
    try "theirs\n".write(to: foreign, atomically: true, encoding: .utf8)
    #expect(chmod(foreign.path, 0o666) == 0 && chown(foreign.path, 65534, 65534) == 0)
    try await expectRefused(foreign, saying: "will not write \(foreign.path): it is not a regular file of this user's", folder: folder)
    #expect(try String(contentsOf: foreign, encoding: .utf8) == "theirs\n")
  }

  /// A FIFO put at the path (as anyone may, in a folder of mode 1777) would block a plain open
  /// until someone reads it: the app opens without blocking, refuses what is not a regular file,
  /// logs one line and runs on, whether a stranger reads the FIFO or no one does.
  @Test func aFIFOAtThePathIsRefusedWithoutBlockingTheApp() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(chmod(folder.path, 0o1777) == 0)
    let fifo = folder.appendingPathComponent("counter.jsonl")
    #expect(mkfifo(fifo.path, 0o666) == 0)
    let refusal = "will not write \(fifo.path): it is not a regular file of this user's; the app runs on without it"
    try await expectRefused(fifo, saying: refusal, folder: folder)
    // With a reader at the other end, the open succeeds at once, and the check refuses it.
    let reader = open(fifo.path, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    try await expectRefused(fifo, saying: refusal, folder: folder)
    var byte: UInt8 = 0
    #expect(read(reader, &byte, 1) == 0, "the app wrote nothing into the FIFO")
  }

  @Test func theAppsActionsReplayFromItsLog() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("counter.jsonl")
    try await record(["inc", "inc", "dec", "inc"], into: log, folder: folder)
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(text.hasPrefix(#"{"event": "snapshot", "domain": "counter", "entry": 0, "state": {"value":0}}"#), "\(text)")
    let replay = try await replshell(["--replay", log.path], input: "history\nstate\njump 2\n", in: folder)
    #expect(
      replay.output == [
        "replayed 4 actions of counter from \(log.path), listeners off: only the reducer ran",
        "1  didTapIncrementButton", "2  didTapIncrementButton", "3  didTapDecrementButton", "4  didTapIncrementButton",
        "CounterState(value: 2)",
        "jumped to 2: didTapIncrementButton", "no change",
      ], "\(replay)")
  }

  @Test func aFullLogRotatesAndEachPartReplaysFromItsSnapshot() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("counter.jsonl")
    try await record(Array(repeating: "inc", count: 30), into: log, maxBytes: 2_000, folder: folder)
    let current = try String(contentsOf: log, encoding: .utf8)
    let previous = try String(contentsOfFile: log.path + ".1", encoding: .utf8)
    // Two files of at most half the size of actions each (the last line may cross it), each after its snapshot.
    #expect(current.utf8.count + previous.utf8.count <= 2_000 + 2 * (250 + 100), "\(current.utf8.count) + \(previous.utf8.count)")
    #expect(current.hasPrefix(#"{"event": "snapshot", "domain": "counter", "entry": "#))
    #expect(previous.hasPrefix(#"{"event": "snapshot", "domain": "counter", "entry": "#))
    let alone = try await replshell(["--replay", log.path], input: "state\n", in: folder)
    #expect(alone.output.last == "CounterState(value: 30)", "\(alone)")
    #expect(alone.output.first?.contains("; entry 1 here is the app's") == true, "\(alone)")
    try (previous + current).write(to: folder.appendingPathComponent("both.jsonl"), atomically: true, encoding: .utf8)
    let both = try await replshell(["--replay", folder.appendingPathComponent("both.jsonl").path], input: "state\n", in: folder)
    #expect(both.output.last == "CounterState(value: 30)", "\(both)")
  }

  /// A bug seen in the app's log — the counter reached 3, which it must not — shrinks to the
  /// three increments that reach it, saved as a scenario that fails as the app did.
  @Test func theAppsLogShrinksToTheActionsThatBreakAProperty() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("counter.jsonl")
    try await record(["inc", "inc", "dec", "inc", "dec", "inc", "inc", "dec", "inc"], into: log, folder: folder)
    // The child runs in this process's folder: the scenario goes into the test's own.
    let saved = folder.appendingPathComponent("at-most-two.txt").path
    let shrunk = try await replshell(["--replay", log.path, "--shrink", "invariant selectValue < 3", "--save", saved], input: "", in: folder)
    #expect(shrunk.status == 1, "\(shrunk)")
    #expect(shrunk.output.first?.hasPrefix("invariant selectValue < 3 broken: 9 actions shrunk to 3 in ") == true, "\(shrunk)")
    #expect(Array(shrunk.output.dropFirst().prefix(3)) == Array(repeating: "  dispatch didTapIncrementButton", count: 3), "\(shrunk)")
    #expect(shrunk.output.contains { $0.hasPrefix("the fresh run of \(saved) fails as it should until the bug is fixed") }, "\(shrunk)")
    let check = try await replshell(["--check", saved], input: "", in: folder)
    #expect(check.status == 1, "\(check)")
    #expect(check.output.last == "scenarios: 0 passed, 1 failed", "\(check)")
  }

  /// `replshell` with `arguments` in `folder`, `input` on its standard input; its output lines and status.
  private func replshell(_ arguments: [String], input: String, in folder: URL) async throws -> (output: [String], errors: String, status: Int32) {
    let shell = try PipedChild(try ReplShellBinary.url.path, arguments, environment: ["NO_COLOR": "1"], folder: folder, name: "replay-\(UUID().uuidString.prefix(4))")
    for line in input.split(separator: "\n") { shell.send(String(line)) }
    let status = try await shell.finish()
    return (shell.output.split(separator: "\n").map(String.init), shell.errors, status)
  }
}
