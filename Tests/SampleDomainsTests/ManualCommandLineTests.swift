import Foundation
import ReplShellTesting
import Scenarios
import TestSupport
import Testing

/// Every console example in the manual and the README — a fenced block of command lines
/// (`$ replshell linearize …`) with what they print — is run by Bash in a folder of its own, with
/// the `replshell` built beside the tests first on `PATH`, and compared with the block as a golden
/// is compared with its transcript: `[..]` in a line and a line of `...` are wildcards. A changed
/// output line fails this test, naming the file and the line. `REPLSHELL_RECORD=failed` rewrites
/// the blocks that differ, their wildcards kept where they still match (`RecordMode`).
@Suite struct ManualCommandLineTests {
  @Test func everyCommandLineInTheManualPrintsWhatTheBlockShows() async throws {
    let binary = try ReplShellBinary.url
    let examples = try ManualCommandLine.all()
    let mode = try RecordMode.current()
    var checked = 0
    var rewrites: [String: [(line: Int, count: Int, lines: [String])]] = [:]
    for example in examples where example.skipReason == nil && example.besideApp == nil {
      let printed = try await Self.run(example, binaryFolder: binary.deletingLastPathComponent())
      let comparison = GoldenComparison(golden: example.expected, transcript: printed)
      checked += 1
      guard !comparison.matches else { continue }
      let wrote = mode.writes(missing: false, differs: true) && !example.readsTypedLines
      if wrote {
        let updated = comparison.updatedGolden.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        rewrites[example.file, default: []].append((example.line, example.lines.count, updated))
      }
      let diff = comparison.diff(goldenName: example.location, transcriptName: "the commands")
      let changed = ManualExample.firstChangedLine(inDiff: diff).map(example.fileLine(ofExpectedLine:)) ?? example.line
      Issue.record(
        "\(example.file):\(changed): the example at line \(example.line) differs from what its commands print\(wrote ? ", rewritten now: read the change, then commit it" : example.readsTypedLines ? "; edit it by hand (lines typed at a prompt are its input)" : "; rerun with REPLSHELL_RECORD=failed to rewrite it"):\n\(diff)"
      )
    }
    for (file, blocks) in rewrites {
      try ManualExample.rewrite(file, blocks: blocks)
    }
    #expect(checked >= 3, "only \(checked) console examples ran: is the manual where this test looks?")
  }

  /// Every example is run or says why not (`TutorialTerminalTests` does the same for the
  /// tutorial's terminal steps).
  @Test func everyExampleLeftOutSaysWhy() throws {
    let all = try ManualCommandLine.all()
    for example in all where example.skipReason != nil {
      #expect(example.skipReason?.isEmpty == false, "\(example.location): `<!-- unchecked: -->` needs a reason")
    }
  }

  @Test func aBlockIsReadAsCommandsWithTheirInput() {
    let block = ManualCommandLine(
      file: "x.md", line: 3,
      lines: ["$ replshell --replay s.jsonl", "replayed 1 action", "counter> history", "1  didTapIncrementButton", "$ echo it's \\", "  done"],
      skipReason: nil, startingFolder: nil)
    #expect(block.fileLine(ofExpectedLine: 3) == 6 && block.fileLine(ofExpectedLine: 4) == 7 && block.fileLine(ofExpectedLine: 9) == 9)
    #expect(block.expected == "$ replshell --replay s.jsonl\nreplayed 1 action\n1  didTapIncrementButton\n$ echo it's \\\n  done\n")
    #expect(
      block.commands == [
        ManualCommandLine.Command(written: ["$ replshell --replay s.jsonl"], typed: ["history"]),
        ManualCommandLine.Command(written: ["$ echo it's \\", "  done"]),
      ])
    #expect(
      block.script == """
        exec 2>&1 </dev/null
        status=0
        printf '%s\\n' '$ replshell --replay s.jsonl'
        (exit $status); replshell --replay s.jsonl <<'MANUAL_INPUT'
        history
        MANUAL_INPUT
        status=$?
        printf '%s\\n' '$ echo it'\\''s \\'
        printf '%s\\n' '  done'
        (exit $status); echo it's \\
          done
        status=$?

        """)
    let notes = ManualCommandLine.comments(before: 3, in: ["<!-- in: Fixtures/x -->", "", "<!-- unchecked: a server -->", "```"])
    #expect(notes.map(\.key) == ["unchecked", "in"] && notes.map(\.value) == ["a server", "Fixtures/x"])
  }

  /// Runs `example`'s commands in a new folder under the temporary folder, removed after: the
  /// package's top-level folders linked into it, the files of its starting folder copied in.
  static func run(_ example: ManualCommandLine, binaryFolder: URL) async throws -> String {
    let files = FileManager.default
    let scratch = files.temporaryDirectory.appendingPathComponent("replshell-manual-\(UUID().uuidString)")
    let folder = scratch.appendingPathComponent("example")
    try files.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    defer {
      do {
        try files.removeItem(at: scratch)
      } catch {
        Issue.record("cannot remove \(scratch.path): \(error)")
      }
    }
    if let start = example.startingFolder {
      let source = ManualExample.root.appendingPathComponent(start)
      for name in try files.contentsOfDirectory(atPath: source.path) {
        try files.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
      }
    }
    for name in try files.contentsOfDirectory(atPath: ManualExample.root.path) where !name.hasPrefix(".") {
      let link = folder.appendingPathComponent(name)
      guard !files.fileExists(atPath: link.path) else { continue }
      try files.createSymbolicLink(at: link, withDestinationURL: ManualExample.root.appendingPathComponent(name))
    }
    let output = scratch.appendingPathComponent("output.txt")
    let path = binaryFolder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let shell = try ChildProcess.spawn(
      "/bin/bash", ["-c", "cd \(ManualCommandLine.quoted(folder.path)) && {\n\(example.script)}"],
      environment: ["PATH": path, "NO_COLOR": "1"], outputPath: output.path)
    // A bound, not a wait: a command that hangs fails the example instead of the run.
    let watchdog = Task {
      try await Task.sleep(for: .seconds(600))
      shell.send(SIGKILL)
    }
    _ = await shell.waitForExit()
    watchdog.cancel()
    return try String(contentsOf: output, encoding: .utf8)
  }
}
