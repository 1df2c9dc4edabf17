import Foundation
import TestSupport
import Testing

/// "Why did this change?" on the page: a selected action shows its chain of causes, each a button
/// that selects that entry; a tree row's "why?" asks which entry last changed it and answers
/// "changed by #N", which selects that entry in the log, followed by the chain behind it as
/// `why` prints it; and the log drawn as a tree of causes, as `history --tree` prints it.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorWhyPageTests {
  static let script = """
    use animals
    dispatch animalList.onAppear
    dispatch animalEditor.onTapUpdateAnimalButton(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal")

    """

  @Test func theChainOfASelectedActionAndTheEntryThatChangedATreeRow() async throws {
    try await InspectedShell.with(script: Self.script) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")

        // The listener's didUpdateAnimal (#4) was caused by the editor's action (#3), which the script's third line dispatched.
        try await driver.click("#log li[data-entry=\"4\"]")
        try await driver.wait(until: "document.getElementById('causes') !== null")
        let causes = try await driver.text("#causes")
        #expect(causes.contains("#3 ui.animalEditor.onTapUpdateAnimalButton(animalId: \"Cat\""), "\(causes)")
        #expect(causes.hasSuffix("session.txt:3"), "\(causes)")
        try await driver.keepScreenshot(named: "inspector-why-chain.png")
        try await driver.click("#causes .cause")
        try await driver.wait(until: "document.querySelector('#log li[data-entry=\"3\"]').getAttribute('aria-selected') === 'true'")
        #expect(try await driver.text("#causes").hasSuffix("session.txt:3"))

        // The cat's name in the tree: changed by #4, and the answer selects it.
        let item = { (path: String) in "document.querySelector(`#tree li[data-path='\(path)']`)" }
        for path in [#"["animals"]"#, #"["animals","data"]"#, #"["animals","data","Cat"]"#] {
          try await driver.wait(until: "\(item(path)) !== null")
          try await driver.run("\(item(path)).querySelector('.toggle').click(); return 0;")
        }
        let name = item(#"["animals","data","Cat","name"]"#)
        try await driver.wait(until: "\(name) !== null")
        try await driver.run("\(name).querySelector(':scope > .row .why').click(); return 0;")
        try await driver.wait(until: "\(name).querySelector(':scope > .row .changed-by') !== null")
        #expect(try await driver.run("return \(name).querySelector(':scope > .row .changed-by').textContent;") == "\"changed by #4\"")
        // Behind #4, the chain `why` prints: the editor's action, then the script's line.
        let chain = try await driver.run("return \(name).querySelector(':scope > .row .why-chain').textContent;")
        #expect(chain == "\" ← #3 ← session.txt:3\"", "\(chain)")
        try await driver.run("\(name).querySelector(':scope > .row .changed-by').click(); return 0;")
        try await driver.wait(until: "document.querySelector('#log li[data-entry=\"4\"]').getAttribute('aria-selected') === 'true'")
        // The selection moved the tree to #4's state, which redraws its rows: once drawn, the
        // chain's entry button selects the editor's action.
        try await driver.wait(until: "!Inspector.stats.treeRefreshing && \(name) !== null && \(name).querySelector(':scope > .row .why') !== null")
        try await driver.run("\(name).querySelector(':scope > .row .why').click(); return 0;")
        try await driver.wait(until: "\(name).querySelector(':scope > .row .why-cause') !== null")
        try await driver.run("\(name).querySelector(':scope > .row .why-cause').click(); return 0;")
        try await driver.wait(until: "document.querySelector('#log li[data-entry=\"3\"]').getAttribute('aria-selected') === 'true'")

        // A row no entry changed says so.
        let categories = item(#"["categories"]"#)
        try await driver.wait(until: "!Inspector.stats.treeRefreshing && \(categories) !== null && \(categories).querySelector(':scope > .row .why') !== null")
        try await driver.run("\(categories).querySelector(':scope > .row .why').click(); return 0;")
        try await driver.wait(until: "\(categories).querySelector(':scope > .row .changed-by') !== null")
        #expect(try await driver.run("return \(categories).querySelector(':scope > .row .changed-by').textContent;") == "\"not changed since the initial state\"")
      }
    }
  }

  /// A listener's action dispatched after another user action: in the order of dispatch it comes
  /// after that action; as a tree of causes, under the action whose listener dispatched it.
  static let interleaved = """
    use animals
    dispatch animalList.onAppear
    dispatch categoryList.onAppear

    """

  @Test func theLogAsATreeOfCauses() async throws {
    try await InspectedShell.with(script: Self.interleaved) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        let rows = "return [...document.querySelectorAll('#log li[data-entry]')].map((li) => li.dataset.entry + ':' + (li.dataset.depth || '-'));"
        try await driver.wait(until: "document.querySelectorAll('#log li[data-entry]').length === 4")
        #expect(try await driver.run(rows) == #"["1:-","2:-","3:-","4:-"]"#)
        try await driver.click(role: "checkbox", name: "Tree of causes")
        try await driver.wait(until: "document.querySelector('#log li[data-depth]') !== null")
        // Each listener's action one step under the action whose listener dispatched it.
        #expect(try await driver.run(rows) == #"["1:0","2:1","3:0","4:1"]"#)
        #expect(try await driver.run("return document.querySelector('#log li[data-entry=\"2\"]').textContent;").contains("listener of #1"))
        // Kept for the next visit, as the other view settings are.
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true' && document.querySelector('#log li[data-depth]') !== null")
        #expect(try await driver.run("return document.getElementById('causal-tree').checked;") == "true")
      }
    }
  }
}
