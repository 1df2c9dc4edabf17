import Foundation
import TestSupport
import Testing

/// Search by path in the shell's path language, with the matches listed; export of the events
/// the page holds as the `--format json` recording, import of one (a hostile file refused or
/// shown as text, never as HTML); and view settings kept for the next visit. Found by roles and
/// accessible names.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorSearchExportTests {
  static let script = """
    use animals
    dispatch animalList.onAppear
    dispatch animalEditor.onTapUpdateAnimalButton(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal")

    """

  @Test func searchByPathExportImportAndSettingsThatStay() async throws {
    try await InspectedShell.with(script: Self.script) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")

        // By path: the way to the cat's name is opened and the row marked, the match listed.
        try await driver.run("const s = arguments[0]; s.value = 'path'; s.dispatchEvent(new Event('change')); return 0;", onRole: "combobox", name: "Search in")
        try await driver.press(#"animals.data["Cat"].name"#, role: "searchbox", name: "Search")
        try await driver.click(role: "button", name: "Find")
        try await driver.wait(until: "document.querySelector('#tree li.match') !== null")
        #expect(try await driver.run("return document.querySelector('#tree li.match').dataset.path;") == #""[\"animals\",\"data\",\"Cat\",\"name\"]""#)
        #expect(try await driver.text("#tree li.match").contains("Kitty"))
        #expect(try await driver.text("#match-list").contains("animals.data"))
        // A path the state lacks says where it stops.
        try await driver.press("\u{E009}a\u{E000}animals.data.Unicorn", role: "searchbox", name: "Search")
        try await driver.click(role: "button", name: "Find")
        try await driver.wait(until: "document.getElementById('matches').textContent.includes('Unicorn')")
        // By value, the matches listed as buttons to each.
        try await driver.run("const s = arguments[0]; s.value = 'value'; s.dispatchEvent(new Event('change')); return 0;", onRole: "combobox", name: "Search in")
        try await driver.press("\u{E009}a\u{E000}Kitty", role: "searchbox", name: "Search")
        try await driver.click(role: "button", name: "Find")
        try await driver.wait(until: "document.querySelectorAll('#match-list li').length === 1")
        try await driver.click(role: "button", name: "animals.data")

        // Export: the events the page holds, one `--format json` object a line.
        try await driver.click(role: "button", name: "Export recording")
        try await driver.wait(until: "Inspector.stats.lastExport !== null")
        let text = try await driver.run("return Inspector.stats.lastExport;")
        let exported = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String)
        let events = try exported.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(events.contains { $0["event"] as? String == "command" && $0["line"] as? String == "use animals" })
        let dispatched = events.filter { $0["event"] as? String == "dispatched" }
        #expect(dispatched.map { $0["id"] as? Int } == [1, 2, 3, 4])
        #expect(try await driver.text("#status").hasSuffix("-session.jsonl."))

        // Import it back: the recording's actions and diffs shown, the live session held.
        let recording = shell.folder.appendingPathComponent("recording.jsonl")
        try exported.write(to: recording, atomically: true, encoding: .utf8)
        // The export is a recording `--replay` opens: the same actions, in the same order.
        let replayed = try Self.replay(recording, in: shell.folder)
        #expect(replayed.hasPrefix("replayed 4 actions of animals from recording.jsonl"), "\(replayed)")
        let listed = replayed.split(separator: "\n").compactMap { line in line.firstMatch(of: /^(\d+)  (?:↳ )?(\S.*?)(?:   \(listener\))?$/) }
        #expect(listed.map { Int($0.1) } == [1, 2, 3, 4], "\(replayed)")
        #expect(listed.map { String($0.2) } == dispatched.map { $0["action"] as? String ?? "" }, "\(replayed)")
        try await driver.choose(file: recording.path, in: "#import")
        try await driver.wait(until: "!document.getElementById('imported').hidden")
        #expect(try await driver.text("#imported-note").hasPrefix("Showing the imported recording recording.jsonl"))
        try await driver.click(role: "option", name: "#3 script: ui.animalEditor.onTapUpdateAnimalButton")
        try await driver.wait(until: "document.querySelector('#diff .added') !== null")
        try await driver.click(role: "button", name: "Back to the live session")
        try await driver.wait(until: "document.getElementById('imported').hidden")

        // A hostile file: an action that is HTML stays text; a line that is no event refuses the file.
        let hostile = shell.folder.appendingPathComponent("hostile.jsonl")
        let html = #"{"event": "dispatched", "action": "<img src=x onerror=\"window.pwned=1\">", "origin": "user", "diff": ["<b>bold</b>"], "rejection": null, "hidden": false, "id": 1}"#
        try (html + "\n").write(to: hostile, atomically: true, encoding: .utf8)
        try await driver.choose(file: hostile.path, in: "#import")
        try await driver.wait(until: "!document.getElementById('imported').hidden")
        try await driver.click(role: "option", name: "<img src=x")
        #expect(try await driver.run("return [document.querySelectorAll('#log img, #diff b').length, window.pwned === undefined];") == "[0,true]")
        #expect(try await driver.text("#diff") == "<b>bold</b>")
        try await driver.click(role: "button", name: "Back to the live session")
        let broken = shell.folder.appendingPathComponent("broken.jsonl")
        try (html + "\nnot json\n[1]\n").write(to: broken, atomically: true, encoding: .utf8)
        try await driver.choose(file: broken.path, in: "#import")
        try await driver.wait(until: "document.getElementById('status').textContent.includes('broken.jsonl')")
        #expect(try await driver.text("#status") == "broken.jsonl: lines 2, 3 are not a `--format json` event; nothing imported")
        #expect(try await driver.run("return document.getElementById('imported').hidden;") == "true")

        // View settings stay for the next visit.
        try await driver.click(role: "checkbox", name: "Compact rows")
        try await driver.click(role: "checkbox", name: "Fold unchanged lines of a diff")
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        #expect(try await driver.run("return [document.body.classList.contains('compact'), document.getElementById('fold-unchanged').checked, document.getElementById('search-field').value];") == #"[true,false,"value"]"#)
      }
    }
  }

  /// `replshell --replay recording` with `history --full` typed: what it prints.
  static func replay(_ recording: URL, in folder: URL) throws -> String {
    let process = Process()
    process.executableURL = try ReplShellBinary.url
    process.arguments = ["--replay", recording.lastPathComponent]
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(["HOME": folder.path, "XDG_STATE_HOME": folder.path, "NO_COLOR": "1"]) { $1 }
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    try process.run()
    input.fileHandleForWriting.write(Data("history --full\n".utf8))
    try input.fileHandleForWriting.close()
    // Read to the end before waiting: a full pipe would hold the process.
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: printed, as: UTF8.self)
  }
}
