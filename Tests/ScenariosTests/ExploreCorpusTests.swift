import Foundation
@testable import ReplShellHost
import Testing
@_spi(Internals) @testable import Scenarios
@_spi(Internals) @testable import ReplShellSession
import ReplShellFoundation

/// `explore --guided --corpus DIR`: the corpus kept in a folder as `dispatch` lines, a later run
/// starting from it, and a corpus file or folder that is not one refused with its place.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ExploreCorpusTests {
  /// A folder of its own under the temporary folder, removed by `cleanUp`.
  private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explore-corpus-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// A breaker session in `folder`, with its invariant when `checked`.
  private func breakerShell(in folder: URL, checked: Bool = true) async throws -> Shell {
    let shell = Shell(domains: [.breaker], isScript: true, baseDirectory: folder)
    _ = try await shell.start(domain: "breaker")
    if checked { _ = await shell.run("invariant selectTrippedEarly == false") }
    return shell
  }

  @Test func theCorpusIsSavedAsDispatchLinesAndALaterRunStartsFromIt() async throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try await breakerShell(in: folder, checked: false).run("explore --guided --seed 1 --runs 300 --steps 50 --corpus kept")
    #expect(first.succeeded, "\(first.lines.map(\.text))")
    let saved = try String(contentsOf: folder.appendingPathComponent("kept/explore.corpus"), encoding: .utf8)
    let lines = saved.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("# the corpus of `explore --guided` on breaker: ") == true)
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("# entry ") || $0.hasPrefix("dispatch ") }, "\(saved)")
    let entries = lines.filter { $0.hasPrefix("# entry ") }.count
    #expect(entries > 1)
    #expect(first.lines.map(\.text).contains("corpus: started from 0 entries of kept/explore.corpus, saved \(entries) there"))

    // The second run reads every entry back (each line as `dispatch` reads it) and starts from them.
    let second = try await breakerShell(in: folder, checked: false).run("explore --guided --seed 2 --runs 10 --steps 50 --corpus kept")
    #expect(second.lines.map(\.text).contains { $0.hasPrefix("corpus: started from \(entries) entries of kept/explore.corpus, saved ") },
            "\(second.lines.map(\.text))")
  }

  @Test func resumingFromTheCorpusFindsTheDeepBugAFreshStartMisses() async throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Runs with no invariant leave the corpus deep in the breaker's states; a few runs from it
    // find the bug, where the same runs from an empty corpus do not.
    let warmUp = try await breakerShell(in: folder, checked: false).run("explore --guided --seed 1 --runs 2000 --steps 50 --corpus kept")
    #expect(warmUp.succeeded, "\(warmUp.lines.map(\.text))")
    let fresh = try await breakerShell(in: folder).run("explore --guided --seed 2 --runs 100 --steps 50")
    #expect(fresh.succeeded, "\(fresh.lines.map(\.text))")
    let resumed = try await breakerShell(in: folder).run("explore --guided --seed 2 --runs 100 --steps 50 --corpus kept")
    #expect(!resumed.succeeded)
    let texts = resumed.lines.map(\.text)
    #expect(texts.contains { $0.hasPrefix("invariant selectTrippedEarly == false broken in run ") }, "\(texts)")
    #expect(texts.last?.hasSuffix("shrunk to 13 actions") == true, "\(texts)")
  }

  @Test func aCorpusLineThatDoesNotReadIsRefusedAtItsLineAndColumn() async throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let kept = folder.appendingPathComponent("kept")
    try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
    let file = kept.appendingPathComponent("explore.corpus")
    let shell = try await breakerShell(in: folder)
    let line = "explore --guided --runs 5 --corpus kept"
    let column = line.distance(from: line.startIndex, to: try #require(line.range(of: "kept")).lowerBound) + 1

    try "# entry 1\ndispatch timerFired\n  dispatch request(stauts: 503)\n".write(to: file, atomically: false, encoding: .utf8)
    var result = await shell.execute(line)
    let error = try #require(result.lines.last?.text)
    #expect(error.hasPrefix("error: column 36: kept/explore.corpus:3:28: `request` has no argument `stauts:`"), "\(error)")
    #expect(result.events.contains { if case .error(let event) = $0 { event.column == column } else { false } })

    try "# entry 1\nrm -rf /\n".write(to: file, atomically: false, encoding: .utf8)
    result = await shell.execute(line)
    #expect(result.lines.last?.text == "error: column 36: kept/explore.corpus:2:1: expected `dispatch` and an action: a corpus holds its entries' actions as `dispatch` lines")

    try "dispatch timerFired\n".write(to: file, atomically: false, encoding: .utf8)
    result = await shell.execute(line)
    #expect(result.lines.last?.text == "error: column 36: kept/explore.corpus:1:1: an action before the first `# entry` line: each entry starts with one")

    // Bounded: past the most entries a guided explore keeps, and past the most bytes.
    try String(repeating: "# entry\ndispatch timerFired\n", count: ExploreCorpus.entryLimit + 1).write(to: file, atomically: false, encoding: .utf8)
    result = await shell.execute(line)
    #expect(result.lines.last?.text == "error: column 36: kept/explore.corpus:\(2 * ExploreCorpus.entryLimit + 1):1: the corpus holds more than 1000 entries, the most a guided explore keeps")
    try Data(repeating: UInt8(ascii: "#"), count: ExploreCorpus.sizeLimit + 1).write(to: file)
    result = await shell.execute(line)
    #expect(result.lines.last?.text.hasPrefix("error: column 36: cannot read the corpus: cannot read kept/explore.corpus: it is larger than ") == true,
            "\(result.lines.map(\.text))")
    // Nothing was written over the files that were refused.
    #expect(try Data(contentsOf: file).count == ExploreCorpus.sizeLimit + 1)
  }

  @Test func linksAndOtherUsersFoldersAreRefusedBeforeTheRuns() async throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = try await breakerShell(in: folder)
    let elsewhere = folder.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("linked"), withDestinationURL: elsewhere)
    #expect(await shell.texts("explore --guided --runs 5 --corpus linked").last
      == "error: column 36: cannot keep the corpus: cannot write linked: it is a symbolic link; give the path of a folder itself")

    // A link where the corpus file is: not followed, not written through.
    let target = folder.appendingPathComponent("target.txt")
    try "mine\n".write(to: target, atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(at: elsewhere.appendingPathComponent("explore.corpus"), withDestinationURL: target)
    #expect(await shell.texts("explore --guided --runs 5 --corpus elsewhere").last
      == "error: column 36: cannot read the corpus: cannot read elsewhere/explore.corpus: it is a symbolic link; give the path of a file itself")
    #expect(try String(contentsOf: target, encoding: .utf8) == "mine\n")

    let open = folder.appendingPathComponent("open")
    try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true)
    #expect(chmod(open.path, 0o777) == 0)
    #expect(await shell.texts("explore --guided --runs 5 --corpus open").last
      == "error: column 36: cannot keep the corpus: cannot write open: other users can write in it (mode 777); `chmod go-w` it, or give a folder of yours")
  }

  @Test func aConfinedSessionKeepsItsCorpusInsideItsFolder() async throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shell = try await breakerShell(in: folder)
    shell.settings.fileReach = try FileReach.confined(to: folder.path)
    let texts = await shell.texts("explore --guided --runs 5 --corpus ../outside")
    #expect(texts.last?.hasPrefix("error: column 36: cannot write ../outside: it is outside ") == true, "\(texts)")
    #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("outside").path))
  }

  @Test func mutatedCorpusFilesAreReadOrRefusedWithTheirPlace() async throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let kept = folder.appendingPathComponent("kept")
    try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
    let file = kept.appendingPathComponent("explore.corpus")
    let shell = try await breakerShell(in: folder, checked: false)
    let valid = Array("# entry 1\ndispatch request(status: 503)\ndispatch timerFired\n# entry 2\ndispatch manualReset\n".utf8)
    // What a mutation inserts: the grammar's tokens, and bytes no corpus holds.
    let tokens = ["dispatch ", "# entry", "\n", "(", ")", "[", "\"", ":", "status", "request", "-9223372036854775808", "\u{0}", "\r", "é", "\u{FF}"]
      .map { Array($0.utf8) } + [[0xFF], [0xC3], [0x80]]
    var random = SplitMix(seed: 56)
    var read = 0
    for _ in 0..<300 {
      var bytes = valid
      for _ in 0...random.below(4) {
        let at = random.below(bytes.count + 1)
        switch random.below(3) {
        case 0: bytes.insert(contentsOf: tokens[random.below(tokens.count)], at: at)
        case 1: bytes.removeSubrange(at..<min(bytes.count, at + random.below(8)))
        default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + random.below(40))], at: at)
        }
      }
      try Data(bytes).write(to: file)
      let result = await shell.execute("explore --guided --runs 2 --steps 2 --seed 1 --corpus kept")
      let last = result.lines.last?.text ?? ""
      if result.succeeded {
        read += 1
        #expect(last.hasPrefix("corpus: started from "), "\(last)")
      } else {
        let placed = last.hasPrefix("error: column 55: kept/explore.corpus:") || last.hasPrefix("error: column 55: cannot read the corpus: cannot read kept/explore.corpus: line ")
        #expect(placed, "\(String(decoding: bytes, as: UTF8.self)) → \(last)")
      }
    }
    // Some mutations leave a corpus that reads, some do not: both kinds were tried.
    #expect(read > 0 && read < 300)
  }

  @Test func tabOffersTheOptionAndTheFolders() async throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("kept"), withIntermediateDirectories: true)
    let shell = try await breakerShell(in: folder)
    #expect(shell.candidates("explore --guided --cor") == ["--corpus"])
    #expect(shell.candidates("explore --guided --corpus ke") == ["kept/"])
  }

  @Test func corpusIsForGuidedRuns() {
    #expect(parseError("explore --corpus kept")?.message == "--corpus keeps the corpus of guided runs: add --guided")
  }
}
