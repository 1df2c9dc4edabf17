import Foundation
import TestSupport
import Testing

/// `replshell --attach PID --inspect` against a real running app (`AttachedCounter`), its page in
/// headless Chromium: the app's own actions arrive with their diffs, the tree shows the live
/// state and is searched, the buttons that cannot work live are disabled and say why; after
/// `fork` the page follows the sandbox (undo works, the page's lines print in the terminal),
/// and after `attach` the live store again.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorAttachPageTests {
  @Test func thePageFollowsTheAppLiveThenTheFork() async throws {
    try await AttachedPair.with { pair in
      try await pair.attachShell()
      let shell = try #require(pair.shell)
      try await WebDriver.with(logPath: pair.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.open(pair.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        #expect(try await driver.text("#domain") == "counter")
        #expect(try await driver.text("#attached").contains("on the app's live store (live, read-only)"))
        #expect(try await driver.text("#position") == "History: none on a live store (the app's actions are listed as they come)")
        // Undo and redo cannot work on a live store: disabled, and their tooltip says why.
        #expect(try await driver.run("return document.getElementById('undo').disabled;") == "true")
        let undoTitle = try await driver.run("return document.getElementById('undo').title;")
        #expect(undoTitle.contains("not offered on a live store") && undoTitle.contains("type `fork`"))

        // The app dispatches on its own: the action arrives, with its diff.
        pair.app.send("inc")
        try await driver.wait(until: "document.getElementById('log').textContent.includes('app: didTapIncrementButton')")
        try await driver.click("#log li.app")
        try await driver.wait(until: "document.getElementById('diff') !== null")
        #expect(try await driver.text("#diff") == "  CounterState(\n-   value: 0\n+   value: 1\n  )")
        #expect(try await driver.text("#detail").contains("dispatched by the app"))
        // No history entry to jump to, and dispatching again is refused on a read-only store.
        #expect(try await driver.run("return document.getElementById('jump-here') === null;") == "true")
        #expect(try await driver.run("return document.getElementById('run-again').disabled;") == "true")
        #expect(try await driver.run("return document.getElementById('run-again').title;").contains("read-only"))

        // The tree shows the live state, follows the app's next action, and is searched.
        try await driver.wait(until: "document.querySelector('#tree li[data-path]')?.textContent.includes('value: 1')")
        pair.app.send("inc")
        try await driver.wait(until: "document.querySelector('#tree li[data-path]')?.textContent.includes('value: 2')")
        try await driver.type("value", into: "#search")
        try await driver.click("#search-form button[type=submit]")
        try await driver.wait(until: "document.querySelector('#tree li.match') !== null")
        #expect(try await driver.text("#matches") == "Match 1 of 1: value")
        try await driver.click("#log li.app:last-of-type")
        try await driver.keepScreenshot(named: "inspector-attached.png")

        // `fork` typed in the shell: the page follows the sandbox, where the buttons work.
        shell.send("fork")
        try await driver.wait(until: "document.getElementById('attached').textContent.includes('on a fork')")
        #expect(try await driver.run("return document.getElementById('undo').disabled;") == "false")
        #expect(try await driver.text("#position") == "History: at entry 0 of 0")
        try await driver.type("dispatch didTapIncrementButton", into: "#command")
        try await driver.click("#command-form button")
        try await driver.wait(until: "document.querySelector('#log li[data-entry=\"1\"]') !== null")
        #expect(try await driver.text("#log li[data-entry=\"1\"]").contains("you: didTapIncrementButton"))
        try await driver.wait(until: "document.querySelector('#tree li[data-path]')?.textContent.includes('value: 3')")
        // The terminal printed the page's line as a typed one.
        try await shell.wait(for: "> dispatch didTapIncrementButton\n  CounterState(\n-   value: 2\n+   value: 3\n  )\n")
        try await driver.click("#undo")
        try await shell.wait(for: "> undo\n")
        try await driver.wait(until: "document.querySelector('#tree li[data-path]')?.textContent.includes('value: 2')")
        #expect(try await driver.text("#log li[data-entry=\"1\"]").contains("(undone)"))
        // The app goes on meanwhile; the fork does not move with it.
        pair.app.send("inc")
        try await driver.wait(until: "document.querySelectorAll('#log li.app').length === 3")
        #expect(try await driver.text("#tree li[data-path]").contains("value: 2"))

        // `attach` returns to the live store, which the app moved to 3.
        shell.send("attach")
        try await driver.wait(until: "document.getElementById('attached').textContent.includes('live store')")
        try await driver.wait(until: "document.querySelector('#tree li[data-path]')?.textContent.includes('value: 3')")
        #expect(try await driver.run("return document.getElementById('undo').disabled;") == "true")
      }
    }
  }

  /// On a live store the app allows writes to, an action typed in the shell goes through the
  /// app's store: the page shows it once, as the tap reports every action on the live store. The
  /// shell's `hide` and `redact` apply to the app's actions and to the tree.
  @Test func aTypedActionOnAWritableLiveStoreShowsOnce() async throws {
    try await AttachedPair.with(allowsWrites: true) { pair in
      try await pair.attachShell()
      let shell = try #require(pair.shell)
      try await WebDriver.with(logPath: pair.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.open(pair.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        #expect(try await driver.text("#attached").contains("on the app's live store (live)"))
        shell.send("dispatch didTapIncrementButton")
        try await shell.wait(for: "+   value: 1\n")
        try await driver.wait(until: "document.querySelectorAll('#log li.app').length === 1")
        pair.app.send("dec")
        try await driver.wait(until: "document.querySelectorAll('#log li.app').length === 2")
        let rows = try await driver.run("return Array.from(document.querySelectorAll('#log li')).map((li) => li.textContent).join('|');")
        #expect(rows == "\"app: didTapIncrementButton|app: didTapDecrementButton\"")
        try await driver.wait(until: "document.querySelector('#tree li[data-path]')?.textContent.includes('value: 0')")

        // The shell's `hide` folds the app's actions, and its `redact` applies to them and to the tree.
        shell.send("hide didTapDecrementButton")
        shell.send("redact /-?[0-9]+/ as [n]")
        try await shell.wait(for: "hiding 1 action case: didTapDecrementButton\n")
        pair.app.send("dec")
        try await driver.wait(until: "document.querySelector('#log li.fold') !== null")
        #expect(try await driver.text("#log li.fold") == "1 hidden action folded (click to unfold)")
        pair.app.send("inc")
        try await driver.wait(until: "document.querySelectorAll('#log li.app').length === 3")
        try await driver.click("#log li.app:last-of-type")
        try await driver.wait(until: "document.getElementById('diff') !== null")
        #expect(try await driver.text("#diff") == "  CounterState(\n-   value: [n]\n+   value: [n]\n  )")
        try await driver.wait(until: "document.querySelector('#tree li[data-path]')?.textContent.includes('value: [n]')")
      }
    }
  }

  /// On the read-only live store Undo and Redo are disabled, saying why, from the page's first
  /// paint: the first message says which store the page follows, with the app's domain (shown
  /// on receiving it: `FirstPaint`) and its names as placeholders.
  @Test func undoAndRedoAreDisabledOnTheLiveStoreFromTheFirstPaint() async throws {
    try await AttachedPair.with { pair in
      try await pair.attachShell()
      try await WebDriver.with(logPath: pair.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.open(pair.address)
        try await FirstPaint.check(driver, until: "document.getElementById('domain').textContent === 'counter'")
        let buttons = try await driver.run("""
          return ['undo', 'redo'].map((id) => { const button = document.getElementById(id); return [button.disabled, button.title.includes('not offered on a live store')]; });
          """)
        #expect(buttons == "[[true,true],[true,true]]")
        #expect(try await driver.text("#position") == "History: none on a live store (the app's actions are listed as they come)")
        #expect(try await driver.run("return document.getElementById('command').placeholder;") == "\"dispatch didTapIncrementButton\"")
        #expect(try await driver.run("return document.getElementById('watch-selector').placeholder;") == "\"selectValue\"")
      }
    }
  }
}
