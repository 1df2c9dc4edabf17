import AnimalsData
import Foundation
import TestSupport
import Testing

@Suite struct CrashDurabilityTests {
  /// Kills `replshell` with SIGKILL while it adds animals to a database file, then reopens the
  /// file: every add the shell reported as done must be there.
  @Test(.timeLimit(.minutes(10)))
  func everyReportedMutationSurvivesAKill() async throws {
    let binary = try ReplShellBinary.url
    // Writing the rest of the script after the kill must fail with EPIPE, not end the test process.
    signal(SIGPIPE, SIG_IGN)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replshell-kill-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("animals.sqlite").path

    let process = Process()
    process.executableURL = binary
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()

    var commands = "use animals --store \(database)\ndebug effects on\n"
    for index in 0..<2_000 {
      commands += "dispatch animalEditor.onTapAddAnimalButton(id: \"T\(index)\", name: \"Animal \(index)\", diet: .omnivorous, categoryId: \"Bird\")\n"
    }
    let writer = Task.detached {
      try? input.fileHandleForWriting.write(contentsOf: Data(commands.utf8))
    }
    // A shell that stops printing must not leave the blocking reads below waiting forever.
    let pid = process.processIdentifier
    let watchdog = Task.detached {
      try await Task.sleep(for: .seconds(60))
      kill(pid, SIGKILL)
    }

    // The blocking reads and the wait run on a thread of their own: on the cooperative pool (a
    // thread a core) they would hold up every other test, and the watchdog with them.
    let reader = output.fileHandleForReading
    var transcript = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
      Thread {
        var transcript = Data()
        var reported = 0
        while reported < 150 {
          let chunk = reader.availableData
          if chunk.isEmpty { break }
          transcript.append(chunk)
          reported = String(decoding: transcript, as: UTF8.self).components(separatedBy: "→ success").count - 1
        }
        kill(pid, SIGKILL)
        process.waitUntilExit()
        continuation.resume(returning: transcript)
      }.start()
    }
    watchdog.cancel()
    writer.cancel()
    transcript.append(reader.availableData)
    #expect(process.terminationReason == .uncaughtSignal)

    let text = String(decoding: transcript, as: UTF8.self)
    let done = text.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("[effects] addAnimalMutation("), line.hasSuffix("→ success"),
        let start = line.range(of: "name: \""), let end = line[start.upperBound...].firstIndex(of: "\"")
      else { return nil }
      return String(line[start.upperBound..<end])
    }
    #expect(done.count >= 100, "the shell reported only \(done.count) adds before the kill; its output ended with:\n\(text.suffix(2_000))")

    let reopened = try LocalStore(path: database)
    let names = Set(try await reopened.fetchAnimalsQuery().map(\.name))
    let missing = done.filter { !names.contains($0) }
    #expect(missing.isEmpty, "reported as done but lost: \(missing.prefix(5))")
  }
}
