import AnimalsData
import Foundation
import ReplShellDomain
@testable import ReplShellHost
import SampleDomains
import StateValues
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// Nothing the shell touches is harmed: commands that read change nothing, assertions dispatch
/// nothing, `save` never replays into the user's database, nothing existing is overwritten
/// without `--force`, and `source` cannot run forever.
@MainActor @Suite(.timeLimit(.minutes(10))) struct HarmlessCommandTests {
  /// A fresh folder for files the test writes.
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("harmless-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Everything a line could change in a session and its store, as text.
  private func snapshot(of shell: Shell) throws -> [String] {
    let session = try #require(shell.slot.session)
    var parts = try session.read(SessionParts())
    parts.append("debug \(shell.events.debug.enabledCategories.map(\.rawValue).sorted())")
    parts += shell.redactions.lines.map(\.text)
    parts.append("tables \(shell.settings.tables)")
    parts.append("domain \(shell.slot.domainName ?? "none")")
    return parts
  }

  @Test func everyCommandDeclaresWhatItTouchesAndHelpSaysIt() async throws {
    #expect(CommandRegistry.reaches.count == CommandRegistry.commands.count)
    let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: URL(fileURLWithPath: "/"))
    for command in CommandRegistry.commands {
      let help = await shell.texts("help \(command.description.name)")
      #expect(help.contains("touches: \(command.reach.phrase)"), "help \(command.description.name): \(help)")
    }
    #expect(CommandRegistry.reaches["state"] == .nothing && CommandRegistry.reaches["expect"] == .nothing)
    #expect(CommandRegistry.reaches["watch"] == .session && CommandRegistry.reaches["dispatch"] == .appState)
    #expect(CommandRegistry.reaches["save"] == .outsideWorld && CommandRegistry.reaches["source"] == .outsideWorld)
  }

  /// Every command declared read-only, with each of its examples and a few lines of our own,
  /// leaves the session and the store as they were, whether the line succeeds or fails.
  @Test(arguments: ["counter", "animals"])
  func readOnlyCommandsLeaveTheSessionAndTheStoreByteIdentical(domain: String) async throws {
    let shell = try await startedShell(domain)
    let setUp = domain == "counter"
      ? ["dispatch didTapIncrementButton", "dispatch didTapIncrementButton", "undo", "watch selectValue", "invariant selectValue != 7"]
      : ["dispatch animalList.onAppear", "dispatch categoryList.onAppear", "watch selectAnimalsStatus", "hide data"]
    for line in setUp { #expect(await shell.run(line).succeeded, "\(line)") }
    let extra = [
      "expect error didTapIncrementButton", "expect error didTapDecrementButton", "expect selectValue == 99",
      "expect error animalEditor.onTapAddAnimalButton(id: \"A9\", name: \"Owl\", diet: .carnivorous, categoryId: \"Bird\")",
      "expect error animalList.onTapDeleteSelectedAnimalButton(animalId: \"Cat\")", "state", "history", "diff", "selectors",
      "actions", "domains", "help", "select selectAnimalsStatus",
    ]
    var examples: [String] = []
    for command in CommandRegistry.commands where command.reach == .nothing {
      examples += command.description.examples
    }
    #expect(examples.count >= 8)
    for line in examples + extra {
      let before = try snapshot(of: shell)
      _ = await shell.run(line)
      #expect(try snapshot(of: shell) == before, "`\(line)` changed the \(domain) session")
    }
  }

  @Test func anExpectationOfAnErrorDispatchesNothingWhateverTheReducerSays() async throws {
    let shell = try await startedShell("counter")
    #expect(await shell.run("dispatch didTapIncrementButton").succeeded)
    let history = shell.slot.session?.read(FullHistory())
    let failed = await shell.run("expect error didTapIncrementButton")
    #expect(!failed.succeeded)
    #expect(failed.lines.map(\.text) == [
      "error: column 14: expected the reducer to reject the action, but it accepts it (nothing was dispatched: the state and history are unchanged)"
    ])
    #expect(await shell.texts("select selectValue") == ["1"])
    #expect(shell.slot.session?.read(FullHistory()) == history)
  }

  @Test func anExpectedRejectionPrintsItAndLeavesNoRejectedEntry() async throws {
    let shell = try await startedShell("animals")
    _ = await shell.run("dispatch animalList.onAppear")
    let history = shell.slot.session?.read(FullHistory())
    let held = await shell.run("expect error animalList.onTapDeleteSelectedAnimalButton(animalId: \"Nope\")")
    #expect(held.succeeded)
    #expect(held.lines.map(\.text) == ["rejected as expected: AnimalsReducer.Error(code: .animalNotFound)"])
    #expect(shell.slot.session?.read(FullHistory()) == history)
  }

  /// The animals in the database at `path`, by name.
  private func animalNames(in path: URL) async throws -> [String] {
    try await LocalStore(path: path.path).fetchAnimalsQuery().map(\.name).sorted()
  }

  @Test func saveReplaysFromACopyOfTheDatabaseAsTheSessionFoundIt() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("a.sqlite")
    // The user's database, which holds the sample animals.
    _ = try LocalStore(path: database.path)
    // An interactive session on the user's own file: it writes there, as asked.
    let shell = Shell(domains: Domain.samples, isScript: false, baseDirectory: folder)
    _ = try await shell.start(domain: "animals", options: ["store": "a.sqlite"])
    let before = try await animalNames(in: database)
    #expect(await shell.run("dispatch animalList.onAppear").succeeded)
    #expect(await shell.run(#"dispatch animalEditor.onTapAddAnimalButton(id: "A1", name: "Eagle", diet: .carnivorous, categoryId: "Bird")"#).succeeded)
    #expect(try await animalNames(in: database) == (before + ["Eagle"]).sorted())

    let saved = await shell.run("save s.txt")
    #expect(saved.succeeded, "\(saved.lines.map(\.text))")
    // The replay wrote nothing into the user's file: one Eagle, the session's own.
    #expect(try await animalNames(in: database) == (before + ["Eagle"]).sorted())
    let script = try String(contentsOf: folder.appendingPathComponent("s.txt"), encoding: .utf8)
    #expect(script.hasPrefix("use animals --store s-store.sqlite\n"))
    // The starting point beside the script is the file as the session found it, without the Eagle.
    #expect(try await animalNames(in: folder.appendingPathComponent("s-store.sqlite")) == before)
    #expect(saved.lines.map(\.text).contains(
      "the script starts from s-store.sqlite, a copy of a.sqlite as the session found it (runs read it and write to a copy of their own)"))

    // The saved scenario passes, twice, and leaves its starting point as it was.
    for _ in 0..<2 {
      let outcome = await ScriptRunner(domains: Domain.samples).run(folder.appendingPathComponent("s.txt"))
      #expect(outcome.succeeded, "\(outcome.text)")
      #expect(outcome.text == (try String(contentsOf: folder.appendingPathComponent("s.golden"), encoding: .utf8)))
    }
    #expect(try await animalNames(in: folder.appendingPathComponent("s-store.sqlite")) == before)
    await shell.close()
  }

  @Test func saveNeverRenamesAStartingCopyOverTheDatabaseTheSessionHasOpen() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // `save s.txt` puts the starting copy of `--store` at s-store.sqlite: the very file this session writes.
    let database = folder.appendingPathComponent("s-store.sqlite")
    _ = try LocalStore(path: database.path)
    let shell = Shell(domains: Domain.samples, isScript: false, baseDirectory: folder)
    _ = try await shell.start(domain: "animals", options: ["store": "s-store.sqlite"])
    let before = try await animalNames(in: database)
    #expect(await shell.run("dispatch animalList.onAppear").succeeded)
    #expect(await shell.run(#"dispatch animalEditor.onTapAddAnimalButton(id: "A1", name: "Eagle", diet: .carnivorous, categoryId: "Bird")"#).succeeded)
    for line in ["save --force s.txt", "save s.txt"] {
      let refused = await shell.run(line)
      #expect(!refused.succeeded)
      #expect(refused.lines.map(\.text) == [
        "error: column \(line.count - 4): s-store.sqlite is the database this session has open (--store s-store.sqlite), which nothing may replace while the session runs, not even with --force: "
          + "save the script under another name, so that its starting copy gets another name too"
      ])
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s.txt").path))
    // The session goes on writing where it always did, and the file holds every row it shows.
    #expect(await shell.run(#"dispatch animalEditor.onTapAddAnimalButton(id: "A2", name: "Falcon", diet: .carnivorous, categoryId: "Bird")"#).succeeded)
    #expect(try await animalNames(in: database) == (before + ["Eagle", "Falcon"]).sorted())
    // Under another name the copy lands beside the database, which stays whole.
    #expect(await shell.run("save --force t.txt").succeeded)
    #expect(try await animalNames(in: folder.appendingPathComponent("t-store.sqlite")) == before)
    #expect(try await animalNames(in: database) == (before + ["Eagle", "Falcon"]).sorted())
    await shell.close()
  }

  @Test func aDatabaseThatDidNotExistIsReplayedFromAnEmptyOneOfTheRunsOwn() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = Shell(domains: Domain.samples, isScript: false, baseDirectory: folder)
    _ = try await shell.start(domain: "animals", options: ["store": "new.sqlite"])
    #expect(await shell.run("dispatch animalList.onAppear").succeeded)
    #expect(await shell.run("save n.txt").succeeded)
    let script = try String(contentsOf: folder.appendingPathComponent("n.txt"), encoding: .utf8)
    #expect(script == "use animals --store $SCRATCH/new.sqlite\ndispatch animalList.onAppear\n")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("n-store.sqlite").path))
    await shell.close()
  }

  @Test func saveRefusesToReplayASessionOnAServer() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: folder)
    _ = try await shell.start(domain: "animals", options: ["remote": "http://127.0.0.1:9/animals/api"])
    let refused = await shell.run("save r.txt")
    #expect(!refused.succeeded)
    #expect(refused.lines.map(\.text).first?.contains("cannot replay this session: it talks to a server (--remote http://127.0.0.1:9/animals/api)") == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    await shell.close()
  }

  @Test func aScenarioThatAddsThroughAStoreRunsTwiceAndLeavesTheFileAsItWas() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("b.sqlite")
    // The file already holds a counted id, as a piped session that added one leaves it.
    let piped = Shell(domains: Domain.samples, isScript: true, baseDirectory: folder)
    _ = try await piped.start(domain: "animals", options: ["store": "b.sqlite"])
    #expect(await piped.run(#"dispatch animalEditor.onTapAddAnimalButton(id: "A0", name: "Heron", diet: .carnivorous, categoryId: "Bird")"#).succeeded)
    await piped.close()
    let held = try await animalNames(in: database)
    #expect(held.contains("Heron"))

    let script = folder.appendingPathComponent("adds.txt")
    try Data("""
      use animals --store b.sqlite
      dispatch animalList.onAppear
      dispatch animalEditor.onTapAddAnimalButton(id: "A1", name: "Eagle", diet: .carnivorous, categoryId: "Bird")
      expect selectAnimal(animalId: "00000000-0000-0000-0000-000000000002") == Animal(animalId: "00000000-0000-0000-0000-000000000002", name: "Eagle", diet: .carnivorous, categoryId: "Bird")

      """.utf8).write(to: script)
    var transcripts: [String] = []
    for _ in 0..<2 {
      let outcome = await ScriptRunner(domains: Domain.samples).run(script)
      #expect(outcome.succeeded, "\(outcome.text)")
      transcripts.append(outcome.text)
    }
    #expect(transcripts[0] == transcripts[1])
    #expect(try await animalNames(in: database) == held)
  }

  @Test func exploreSaveRefusesAnExistingFileBeforeItRuns() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let existing = folder.appendingPathComponent("found.txt")
    try Data("mine\n".utf8).write(to: existing)
    let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: folder)
    _ = try await shell.start(domain: "counter")
    _ = await shell.run("invariant selectValue != 3")
    let refused = await shell.run("explore --seed 1 --runs 20 --save found.txt")
    #expect(refused.lines.map(\.text) == ["error: column 35: found.txt exists; add `--force` to overwrite it"])
    #expect(try String(contentsOf: existing, encoding: .utf8) == "mine\n")
    let forced = await shell.run("explore --seed 1 --runs 20 --save found.txt --force")
    #expect(!forced.succeeded)
    #expect(try String(contentsOf: existing, encoding: .utf8).hasPrefix("use counter\n"))
  }

  @Test func sourceRefusesAScriptAlreadyBeingSourcedWithTheChain() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("dispatch didTapIncrementButton\nsource b.txt\n".utf8).write(to: folder.appendingPathComponent("a.txt"))
    try Data("source a.txt\n".utf8).write(to: folder.appendingPathComponent("b.txt"))
    let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: folder)
    _ = try await shell.start(domain: "counter")
    let result = await shell.run("source a.txt")
    #expect(!result.succeeded)
    let texts = result.lines.map(\.text)
    #expect(texts.contains(
      "error: b.txt:1:8: a.txt is already being sourced (`source a.txt` typed → a.txt:2 → b.txt:1): a script that sources itself would never end"),
      "\(texts)")
    #expect(texts.last == "error: column 8: source stopped at a.txt:2")
    #expect(await shell.texts("select selectValue") == ["1"])
  }

  @Test func sourceRefusesToNestPastItsLimit() async throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let depth = SourceCommand.depthLimit + 2
    for index in 0..<depth {
      try Data("source s\(index + 1).txt\n".utf8).write(to: folder.appendingPathComponent("s\(index).txt"))
    }
    let shell = Shell(domains: Domain.samples, isScript: true, baseDirectory: folder)
    _ = try await shell.start(domain: "counter")
    let texts = await shell.texts("source s0.txt")
    #expect(texts.contains { $0.hasPrefix("error: s15.txt:1:8: source nests at most 16 scripts deep (`source s0.txt` typed → s0.txt:1 → ") }, "\(texts)")
  }
}

/// Everything a line could change in a session and its store, as text, read on the typed session.
private struct SessionParts: SessionReader {
  func read<State: Sendable, Action: Decodable & Equatable & Sendable>(
    _ session: DomainSession<State, Action>
  ) throws(CommandError) -> [String] {
    var parts = ValuePrinter.pretty(try session.stateEncoding()())
    parts += session.timeline.history.lines(full: true).map(\.text)
    parts.append("mark \(session.historyMark.current) \(session.historyMark.lastUserDispatch)")
    parts += session.timeline.lastDispatch.map { "\($0.action) \($0.origin)" }
    parts += (try session.checks.changeInvariants(.list)).map(\.text)
    parts += session.printer.hiddenActions.lines.map(\.text)
    parts.append("active checks \(session.checks.active.rawValue)")
    return parts
  }
}

/// The lines of `history --full`, read on the typed session.
private struct FullHistory: SessionReader {
  typealias Failure = Never

  func read<State: Sendable, Action: Decodable & Equatable & Sendable>(_ session: DomainSession<State, Action>) -> [String] {
    session.timeline.history.lines(full: true).map(\.text)
  }
}
