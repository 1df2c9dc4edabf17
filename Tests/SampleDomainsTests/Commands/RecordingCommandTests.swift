import Foundation
import ReplShellDomain
@testable import ReplShellHost
import SampleDomains
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// `save` and `source`: a session written as a scenario with its golden, and a script run inside a session.
@MainActor @Suite(.timeLimit(.minutes(10))) struct RecordingCommandTests {
  /// A fresh folder for files the test writes.
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("recording-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A script-mode counter shell whose relative paths start in `folder`.
  private func shell(in folder: URL) async throws -> Shell {
    let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: folder)
    _ = try await shell.start(domain: "counter")
    return shell
  }

  @Test func saveLeavesOutFailuresHelpAndUndoneDispatches() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = try await shell(in: folder)
    for line in ["dispatch didTapIncrementButton", "dispatch nope", "help", "dispatch didTapIncrementButton", "select selectValue", "undo", "select selectValue", "watch selectValue"] {
      _ = await shell.run(line)
    }
    let lines = await shell.texts("save explored.txt")
    #expect(lines.last == "the fresh run saw what the session saw")
    let script = try String(contentsOf: folder.appendingPathComponent("explored.txt"), encoding: .utf8)
    #expect(script == "use counter\ndispatch didTapIncrementButton\nselect selectValue\nwatch selectValue\n")
    let golden = try String(contentsOf: folder.appendingPathComponent("explored.golden"), encoding: .utf8)
    #expect(golden.hasPrefix("replshell> use counter\nstarted counter\ncounter> dispatch didTapIncrementButton\n"))
  }

  @Test func timeTravelThatIsKeptBecomesAJump() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = try await shell(in: folder)
    for line in ["dispatch didTapIncrementButton", "dispatch didTapIncrementButton", "undo", "redo"] {
      _ = await shell.run(line)
    }
    _ = await shell.run("save kept.txt")
    let script = try String(contentsOf: folder.appendingPathComponent("kept.txt"), encoding: .utf8)
    #expect(script == "use counter\ndispatch didTapIncrementButton\ndispatch didTapIncrementButton\njump 1\njump 2\n")
  }

  @Test func saveRefusesToOverwriteWithoutForce() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = try await shell(in: folder)
    _ = await shell.run("save twice.txt")
    #expect(await shell.texts("save twice.txt") == ["error: column 6: twice.txt, twice.golden exist; type `save --force twice.txt` to overwrite them"])
    // The golden alone is not overwritten either.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("twice.txt"))
    #expect(await shell.texts("save twice.txt") == ["error: column 6: twice.golden exists; type `save --force twice.txt` to overwrite it"])
    #expect(await shell.run("save --force twice.txt").succeeded)
    #expect(parseError("save notes")?.message == "scenario scripts end in `.txt`, so that `--check` finds them: try `save notes.txt`")
    #expect(shell.candidates("save --f") == ["--force"])
  }

  @Test func saveCountsALinkAsAFileRefusesAFolderAndWritesTheScriptAndItsGoldenOrNeither() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = try await shell(in: folder)
    _ = await shell.run("dispatch didTapIncrementButton")
    // A link that leads nowhere is in the way as any file is: replaced only with --force.
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("d.txt").path, withDestinationPath: "nowhere.txt")
    #expect(await shell.texts("save d.txt") == ["error: column 6: d.txt exists; type `save --force d.txt` to overwrite it"])
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("d.txt").path) == "nowhere.txt")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nowhere.txt").path))
    #expect(await shell.run("save --force d.txt").succeeded)
    #expect(try String(contentsOf: folder.appendingPathComponent("d.txt"), encoding: .utf8) == "use counter\ndispatch didTapIncrementButton\n")
    // A folder is named as one, with or without --force, and nothing is written beside it.
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("f.golden"), withIntermediateDirectories: false)
    for line in ["save f.txt", "save --force f.txt"] {
      #expect(await shell.texts(line) == ["error: column \(line.count - 4): \(folder.appendingPathComponent("f.golden").path) is a folder, which no file replaces, even with --force: pick another name"])
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f.txt").path))
    // A golden that cannot be written (its name is past the 255 bytes a name may have, the
    // script's is not): no script is left without it.
    let stem = String(repeating: "n", count: 250)
    let refused = await shell.texts("save \(stem).txt")
    #expect(refused == ["error: column 6: cannot write \(folder.appendingPathComponent(stem + ".golden").path): File name too long"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["d.golden", "d.txt", "f.golden"])
  }

  @Test func sourceRunsAScriptInTheSessionAndStopsAtItsFirstFailure() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("# setup\ndispatch didTapIncrementButton\ndispatch nope\ndispatch didTapIncrementButton\n".utf8)
      .write(to: folder.appendingPathComponent("setup.txt"))
    let shell = try await shell(in: folder)
    let result = await shell.run("source setup.txt")
    #expect(!result.succeeded)
    let texts = result.lines.map(\.text)
    // The lines run as `--script` runs them: comments echoed as written, commands behind the prompt.
    #expect(texts.prefix(2) == ["# setup", "counter> dispatch didTapIncrementButton"])
    #expect(texts.contains { $0.hasPrefix("error: setup.txt:3:10: unknown action `nope`") })
    #expect(texts.last == "error: column 8: source stopped at setup.txt:3")
    #expect(await shell.texts("select selectValue") == ["1"])
    #expect(shell.candidates("source se") == ["setup.txt"])
    #expect(await shell.texts("source missing.txt") == ["error: column 8: cannot read missing.txt: there is no such file"])
  }

  @Test func aStoppedSourceLeavesWhatItRanAsEventsBeforeItsError() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("dispatch didTapIncrementButton\ndispatch nope\n".utf8).write(to: folder.appendingPathComponent("stops.txt"))
    let shell = try await shell(in: folder)
    let result = await shell.run("source stops.txt")
    let texts = result.lines.map(\.text)
    #expect(texts.first == "counter> dispatch didTapIncrementButton")
    #expect(texts.contains("+   value: 1"))
    #expect(texts.dropLast().last?.hasPrefix("error: stops.txt:2:10: unknown action `nope`") == true)
    #expect(texts.last == "error: column 8: source stopped at stops.txt:2")
    let commands = result.events.compactMap { if case .command(let command) = $0 { command } else { nil } }
    #expect(commands.map(\.isSourced) == [false, true, true])
    #expect(commands.last?.location == "stops.txt:2")
  }
}
