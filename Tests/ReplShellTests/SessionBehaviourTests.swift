import Foundation
import Testing

/// Behaviours across commands, through the built `replshell` as people use it: redo over a
/// dispatch whose listener dispatched, `save` and then `--check` of what it wrote, and output
/// that looks volatile but must not be redacted.
@Suite(.timeLimit(.minutes(10)))
struct SessionBehaviourTests {
  /// The output of each command of a transcript, keyed by the command line in order.
  static func outputs(of transcript: String, prompt: String) -> [(command: String, output: String)] {
    transcript.components(separatedBy: "\n\(prompt)").dropFirst().map { block in
      let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
      let output = lines.dropFirst().joined(separator: "\n")
      return (String(lines.first ?? ""), output.hasSuffix("\n") ? String(output.dropLast()) : output)
    }
  }

  @Test func redoBringsBackTheListenersActionsWithTheDispatch() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    try folder.write(
      "redo.txt",
      """
      use animals
      dispatch categoryList.onAppear
      dispatch animalEditor.onTapAddAnimalButton(id: "A1", name: "Eagle", diet: .carnivorous, categoryId: "Bird")
      state
      history
      undo
      history
      redo
      state
      history

      """)
    let run = try await folder.replshell("--script", "redo.txt")
    #expect(run.status == 0, "\(run.standardOutput)")
    let outputs = Self.outputs(of: run.standardOutput, prompt: "animals> ")
    #expect(outputs.map { $0.command } == ["dispatch categoryList.onAppear", "dispatch animalEditor.onTapAddAnimalButton(id: \"A1\", name: \"Eagle\", diet: .carnivorous, categoryId: \"Bird\")", "state", "history", "undo", "history", "redo", "state", "history"])
    guard outputs.count == 9 else { return }
    let (stateBefore, historyBefore, historyUndone, redo, stateAfter, historyAfter) = (outputs[2].output, outputs[3].output, outputs[5].output, outputs[6].output, outputs[7].output, outputs[8].output)
    #expect(historyBefore.contains("(listener)"), "the add is followed by its listener's actions:\n\(historyBefore)")
    #expect(historyUndone.contains("(undone)"))
    #expect(redo.hasPrefix("redid 3 through ") && redo.contains("onTapAddAnimalButton"), "redo moves over the listener's actions too:\n\(redo)")
    #expect(stateAfter == stateBefore, "redo must restore the state with what the listener dispatched")
    #expect(historyAfter == historyBefore)
    #expect(stateAfter.contains("Eagle"))
  }

  @Test func aSavedSessionChecksCleanFromTheCommandLine() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let session = try await folder.replshell(
      "counter",
      input: """
        dispatch didTapIncrementButton
        dispatch didTapIncrementButton
        undo
        history
        select selectValue
        save explored.txt

        """)
    #expect(session.status == 0, "\(session.standardOutput)\(session.standardError)")
    #expect(try folder.read("explored.txt") == "use counter\ndispatch didTapIncrementButton\nselect selectValue\n")
    #expect(try folder.read("explored.golden") == ReviewedTranscripts.countingGolden)
    let check = try await folder.replshell("--check", "explored.txt")
    #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    #expect(check.lines == ["ok: explored.txt matches explored.golden", "scenarios: 1 passed, 0 failed"])

    let again = try await folder.replshell("counter", input: "save explored.txt\n")
    #expect(again.status == 1, "save must not overwrite a script without --force")
    #expect(try folder.read("explored.txt") == "use counter\ndispatch didTapIncrementButton\nselect selectValue\n")
  }

  @Test func lookalikesOfDatesUUIDsAndPathsStayAsTheyAre() async throws {
    let folder = try ScenarioFolder()
    defer { folder.remove() }
    let lookalikes = [
      "2026-01-31", "12:30", "v2026.01.31", "E621E1F8C36C495A93FC0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F0",
      "xE621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    ]
    let dates = try await Self.namesPrinted(in: folder, redacting: ["dates", "uuids"], names: lookalikes + ["at 2026-01-31T09:15:00Z"])
    #expect(dates == lookalikes + ["at [date]"])
    // The folder's own name holds a UUID: only `paths` is on here.
    let sibling = folder.url.path + "-old/notes.txt"
    let paths = try await Self.namesPrinted(in: folder, redacting: ["paths"], names: [sibling, folder.url.path + "/a", folder.url.path])
    #expect(paths == [sibling, "[cwd]/a", "[cwd]"])
  }

  /// The animal names a script that adds animals with `names` prints, with `redactions` on.
  static func namesPrinted(in folder: ScenarioFolder, redacting redactions: [String], names: [String]) async throws -> [String] {
    var script = "use animals\n" + redactions.map { "redact \($0)\n" }.joined()
    for (index, name) in names.enumerated() {
      script += "dispatch animalEditor.onTapAddAnimalButton(id: \"N\(index)\", name: \"\(name)\", diet: .herbivorous, categoryId: \"Bird\")\n"
    }
    try folder.write("names.txt", script)
    let run = try await folder.replshell("--script", "names.txt")
    #expect(run.status == 0, "\(run.standardOutput)")
    return run.lines.filter { $0.hasPrefix("+         name: \"") }.map { String($0.dropFirst("+         name: \"".count).dropLast(2)) }
  }
}
