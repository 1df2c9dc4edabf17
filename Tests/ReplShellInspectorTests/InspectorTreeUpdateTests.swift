import Foundation
import TestSupport
import Testing

/// The page's state tree follows a change by updating the rows it shows in place: a row whose
/// node did not change is the same element afterwards (not rebuilt and laid out again), a row
/// whose node went is removed, and an open level stays open with its summary redrawn.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorTreeUpdateTests {
  static let script = """
    use animals
    dispatch categoryList.onAppear
    dispatch animalList.onAppear

    """

  @Test func unchangedRowsAreKeptWhenTheStateChanges() async throws {
    try await InspectedShell.with(script: Self.script) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        let item = { (path: String) in "document.querySelector(`#tree li[data-path='\(path)']`)" }
        try await driver.run("\(item(#"["animals"]"#)).querySelector('.toggle').click(); return 0;")
        try await driver.wait(until: "\(item(#"["animals","data"]"#)) !== null")
        try await driver.run("\(item(#"["animals","data"]"#)).querySelector('.toggle').click(); return 0;")
        try await driver.wait(until: "\(item(#"["animals","data","Newt"]"#)) !== null")
        #expect(try await driver.text("#tree").contains("data: [6 entries]"))
        try await driver.run("window.newtRow = \(item(#"["animals","data","Newt"]"#)); return 0;")

        _ = try await driver.runAsync("Inspector.run('dispatch animalList.onTapDeleteSelectedAnimalButton(animalId: \"Dog\")').then(() => finish(0));")
        try await shell.waitForTranscript(containing: "animals> dispatch animalList.onTapDeleteSelectedAnimalButton(animalId: \"Dog\")")
        try await driver.wait(until: "\(item(#"["animals","data","Dog"]"#)) === null")
        #expect(try await driver.text("#tree").contains("data: [5 entries]"))
        #expect(try await driver.run("return \(item(#"["animals","data"]"#)).getAttribute('aria-expanded');") == "\"true\"")
        #expect(try await driver.run("return \(item(#"["animals","data","Newt"]"#)) === window.newtRow;") == "true")
      }
    }
  }
}
