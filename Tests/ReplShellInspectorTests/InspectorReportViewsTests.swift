import Foundation
import TestSupport
import Testing

/// The views under the panes, found by role and name: the last explore's coverage (states
/// entered and how often, distinct transitions, values never reached, the requirements'
/// verdicts, each case's counts), the last `linearize`'s verdict with its witness drawn, and the
/// actions over time — each drawn from what the shell reported, and redrawn when it reports again.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorReportViewsTests {
  /// The figures the transcript's `states:` line gives: abstract states entered, distinct transitions.
  static func stateFigures(in transcript: String, after marker: String) -> (states: String, transitions: String)? {
    guard let start = transcript.range(of: marker) else { return nil }
    let rest = transcript[start.upperBound...]
    guard let line = rest.split(separator: "\n").first(where: { $0.hasPrefix("states: ") }) else { return nil }
    let words = line.split(separator: " ")
    guard words.count > 6 else { return nil }
    return (String(words[1]), String(words[5]))
  }

  /// The texts of the cells in column `column` of the table `id`'s body, as JSON.
  static func column(_ column: Int, of id: String) -> String {
    "return [...document.querySelectorAll('#\(id) tbody tr')].map((row) => row.cells[\(column)].textContent);"
  }

  @Test func theLastExploresCoverageIsDrawnAndFollowsTheNextOne() async throws {
    let script = """
      use animals
      invariant selectAnimal(animalId: nil) == nil
      explore --seed 3 --runs 20 --steps 10

      """
    try await InspectedShell.with(script: script) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.setViewport(width: 1280, height: 900)
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        // The script's explore, from the backlog, on the tab shown first.
        try await driver.click(role: "tab", name: "Explore coverage")
        try await driver.wait(until: "document.getElementById('explore-report').dataset.reports === '1'")
        let summary = try await driver.text("#explore-summary")
        #expect(summary.contains("passed explore --seed 3: 20 runs, 200 steps"), "\(summary)")
        let figures = try #require(Self.stateFigures(in: shell.transcript, after: "explore --seed 3 "), "\(shell.transcript)")
        let shown = try await driver.run("return [...document.querySelectorAll('#coverage-figures strong')].map((s) => s.textContent);")
        #expect(shown.hasPrefix(#"["\#(figures.states)","\#(figures.transitions)","#), "\(shown) against \(figures)")
        // The states table: as many rows as states entered (fewer than 200 here), most entered first.
        _ = try await driver.element(role: "table", name: "States entered, the most entered first")
        let steps = try await driver.run(Self.column(0, of: "coverage-states"))
        let counts = try JSONDecoder().decode([String].self, from: Data(steps.utf8)).map { Int($0.replacingOccurrences(of: ",", with: "")) ?? -1 }
        #expect(counts.count == Int(figures.states) && counts == counts.sorted(by: >), "\(counts)")
        // The rarest transitions, the rarest first, at most 20 of them.
        _ = try await driver.element(role: "table", name: "The rarest transitions, the rarest first")
        let rare = try JSONDecoder().decode([String].self, from: Data(try await driver.run(Self.column(0, of: "coverage-transitions")).utf8))
          .map { Int($0.replacingOccurrences(of: ",", with: "")) ?? -1 }
        #expect(!rare.isEmpty && rare.count <= 20 && rare == rare.sorted() && rare.count == min(20, Int(figures.transitions) ?? 0), "\(rare)")
        // The values never reached are the transcript's, or none.
        let never = try await driver.run("return [...document.querySelectorAll('#coverage-never li')].map((li) => li.textContent);")
        if let line = shell.transcript.split(separator: "\n").first(where: { $0.hasPrefix("! never reached: ") }) {
          let values = line.dropFirst("! never reached: ".count).components(separatedBy: ", ")
          #expect(try JSONDecoder().decode([String].self, from: Data(never.utf8)) == values)
        } else {
          #expect(never == "[]")
        }
        _ = try await driver.element(role: "table", name: "Each action case explored")

        // An explore typed on the page, with a requirement met and one surely short: it fails,
        // and the view follows it with both verdicts.
        let line = #"explore --seed 5 --runs 30 --steps 10 --cover "1% selectAnimal(animalId: nil) == nil" --cover-runs "90% selectAnimal(animalId: nil) != nil""#
        try await driver.type(line, into: "#command")
        try await driver.click(role: "button", name: "Run in the shell")
        try await driver.wait(until: "document.getElementById('explore-report').dataset.reports === '2'")
        let failed = try await driver.text("#explore-summary")
        #expect(failed.hasPrefix("failed explore --seed 5: 30 runs, 300 steps"), "\(failed)")
        #expect(failed.contains("selectAnimal(animalId: nil) != nil"), "\(failed)")
        _ = try await driver.element(role: "table", name: "Coverage requirements and their verdicts")
        #expect(try await driver.run(Self.column(3, of: "coverage-requirements")) == #"["met","short"]"#)
        try await driver.run("document.getElementById('views-pane').scrollIntoView(); return 0;")
        try await driver.keepScreenshot(named: "inspector-explore-coverage.png")

        // A hostile report — markup in its text, wrong types, more rows than are drawn — is drawn
        // as text and cut short, and nothing in it throws.
        let hostile = """
          const markup = '<img src=x onerror="window.pwned = 1">';
          const box = document.createElement('div'), summary = document.createElement('p'), drawing = document.createElement('div');
          new Inspector.CoverageView(summary, box).show({ seed: markup, runs: 'many', failure: markup, cases: 'none',
            states: { entered: {}, abstractedFrom: markup, neverReached: [markup, 3, null],
              listed: Array.from({ length: 5000 }, (_, i) => ({ steps: i, leaves: { [markup]: markup } })) },
            requirements: [{ verdict: markup, requirement: markup, of: 'x' }] });
          const rows = box.querySelectorAll('#coverage-states tbody tr').length;
          new Inspector.CoverageView(summary, document.createElement('div')).show(null);
          new Inspector.WitnessView(summary, drawing).show({ histories: [{ file: markup, verdict: markup, lines: markup,
            witness: { from: 'x', drawn: Array.from({ length: 3000 }, () => ({ client: markup, start: 'x', end: {}, text: markup, witness: 1 })) } }] });
          return [box.querySelectorAll('img').length + drawing.querySelectorAll('img').length + summary.querySelectorAll('img').length,
            rows, drawing.querySelectorAll('rect').length, window.pwned === undefined];
          """
        #expect(try await driver.run(hostile) == "[0,200,400,true]")

        // The tabs by keyboard: Right shows the next view, Home the first again.
        try await driver.press("\u{E014}", role: "tab", name: "Explore coverage")
        try await driver.wait(until: "document.getElementById('tab-linearize').getAttribute('aria-selected') === 'true' && !document.getElementById('linearize-view').hidden && document.getElementById('explore-view').hidden")
        #expect(try await driver.run("return document.activeElement.id;") == #""tab-linearize""#)
        try await driver.press("\u{E011}", role: "tab", name: "Linearizability")
        try await driver.wait(until: "document.getElementById('tab-explore').getAttribute('aria-selected') === 'true' && !document.getElementById('explore-view').hidden")
      }
    }
  }

  static let lostAppend = """
    {:process 0, :type :invoke, :f :put, :key "cart", :value "apple"}
    {:process 0, :type :ok, :f :put, :key "cart", :value "apple"}
    {:process 1, :type :invoke, :f :append, :key "cart", :value ",pear"}
    {:process 1, :type :ok, :f :append, :key "cart", :value ",pear"}
    {:process 2, :type :invoke, :f :append, :key "cart", :value ",fig"}
    {:process 2, :type :ok, :f :append, :key "cart", :value ",fig"}
    {:process 0, :type :invoke, :f :get, :key "cart", :value nil}
    {:process 0, :type :ok, :f :get, :key "cart", :value "apple,fig"}

    """

  @Test func theLastLinearizeVerdictIsDrawnWithItsWitness() async throws {
    try await InspectedShell.with(script: "use counter\n", prepare: { folder in
      try Self.lostAppend.write(to: folder.appendingPathComponent("h.edn"), atomically: true, encoding: .utf8)
      try "{:process 0, :type :invoke, :f :write, :value 1}\n{:process 0, :type :ok, :f :write, :value 1}\n"
        .write(to: folder.appendingPathComponent("ok.edn"), atomically: true, encoding: .utf8)
    }) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.setViewport(width: 1280, height: 900)
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        // A linearizable history: the verdict arrives while another view is shown, which the tab marks.
        try await driver.click(role: "tab", name: "Actions over time")
        try await driver.type("linearize ok.edn", into: "#command")
        try await driver.click(role: "button", name: "Run in the shell")
        try await driver.wait(until: "document.getElementById('linearize-report').dataset.reports === '1'")
        #expect(try await driver.run("return document.getElementById('linearize-fresh').hidden;") == "false")
        try await driver.click(role: "tab", name: "Linearizability")
        try await driver.wait(until: "!document.getElementById('linearize-view').hidden && document.getElementById('linearize-fresh').hidden")
        #expect(try await driver.text("#linearize-summary") == "passed linearize: 1 history checked, 0 failed.")
        #expect(try await driver.text("#linearize-report h3") == "ok.edn linearizable")

        // The lost append: not linearizable, its part drawn with the witness marked and the
        // operation that cannot be placed named, as `--html` draws it.
        try await driver.type("linearize --domain kv h.edn", into: "#command")
        try await driver.click(role: "button", name: "Run in the shell")
        try await driver.wait(until: "document.getElementById('linearize-report').dataset.reports === '2'")
        #expect(try await driver.text("#linearize-summary") == "failed linearize: 1 history checked, 1 failed.")
        #expect(try await driver.text("#linearize-report h3") == "h.edn not linearizable")
        let printed = try await driver.text("#linearize-report pre")
        #expect(printed.hasPrefix("h.edn: not linearizable (4 operations, 3 clients, "), "\(printed)")
        #expect(printed.contains(#"cannot place: get → "apple,fig" (process 0, line 7)"#), "\(printed)")
        let drawing = try await driver.run("return arguments[0].getAttribute('aria-label');", onRole: "image", name: "across time")
        #expect(drawing == #""The failed part across time: 4 operations of 3 clients, 4 of them the witness's""#)
        #expect(try await driver.run("return [document.querySelectorAll('.witness-timeline rect.witness').length, document.querySelectorAll('.witness-timeline rect.blocked').length];") == "[4,1]")
        let blocked = try await driver.text(".witness-list li.blocked")
        #expect(blocked == #"client 0: get → "apple,fig" (line 7) cannot be placed"#, "\(blocked)")
        try await driver.run("document.getElementById('views-pane').scrollIntoView(); return 0;")
        try await driver.keepScreenshot(named: "inspector-linearize-witness.png")
      }
    }
  }

  @Test func theActionsOverTimeFollowTheHistory() async throws {
    let script = """
      use counter
      dispatch didTapIncrementButton
      dispatch didTapIncrementButton
      dispatch didTapDecrementButton
      dispatch didTapIncrementButton
      dispatch didTapIncrementButton

      """
    try await InspectedShell.with(script: script) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.setViewport(width: 1280, height: 900)
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        try await driver.click(role: "tab", name: "Actions over time")
        try await driver.wait(until: "document.querySelector('#chart-table tbody') !== null")
        _ = try await driver.element(role: "table", name: "Actions per case over the history")
        #expect(try await driver.run(Self.column(0, of: "chart-table")) == #"["didTapIncrementButton","didTapDecrementButton"]"#)
        #expect(try await driver.run(Self.column(1, of: "chart-table")) == #"["4","1"]"#)
        let caption = try await driver.run("return arguments[0].getAttribute('aria-labelledby');", onRole: "image", name: "5 actions from #1 to #5, 2 cases")
        #expect(caption == #""chart-caption""#)
        #expect(try await driver.run("return document.querySelectorAll('#action-chart rect.cell').length;") == "5")

        // A dispatch from the page adds to it; undo takes the undone entry out of the history's count.
        try await driver.type("dispatch didTapDecrementButton", into: "#command")
        try await driver.click(role: "button", name: "Run in the shell")
        try await driver.wait(until: "document.getElementById('chart-caption').textContent.startsWith('6 actions from #1 to #6')")
        #expect(try await driver.run(Self.column(1, of: "chart-table")) == #"["4","2"]"#)
        try await driver.click(role: "button", name: "Undo")
        try await driver.wait(until: "document.getElementById('chart-caption').textContent.startsWith('5 actions from #1 to #5')")
        // The slider's entry is marked on the chart.
        try await driver.press("\u{E012}\u{E012}", role: "slider", name: "History entry")
        try await driver.wait(until: "document.querySelector('#action-chart line.now') !== null")
        try await driver.run("document.getElementById('views-pane').scrollIntoView(); return 0;")
        try await driver.keepScreenshot(named: "inspector-actions-over-time.png")
      }
    }
  }
}
