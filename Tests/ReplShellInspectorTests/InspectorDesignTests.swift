import Foundation
import TestSupport
import Testing

/// The page as a person looks at it, found by roles and accessible names: the selected action's
/// diff coloured (removed, added, unchanged apart), the state tree's row that the selected entry
/// changed marked ●, and both themes (the system's `prefers-color-scheme`) with every text the
/// diff and the marks use at least WCAG AA (4.5:1) against what it is drawn on.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorDesignTests {
  static let script = """
    use counter
    dispatch didTapIncrementButton
    dispatch didTapIncrementButton
    dispatch didTapDecrementButton

    """

  /// The contrast ratio of `element`'s text against the first background behind it that is not transparent.
  static let contrast = """
    const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
    const luminance = ([r, g, b]) => { const c = [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };
    const background = (node) => { for (let n = node; n; n = n.parentElement) { const c = rgb(getComputedStyle(n).backgroundColor); if (c.length < 4 || c[3] > 0) return c.slice(0, 3); } return rgb(getComputedStyle(document.documentElement).backgroundColor); };
    const ratio = (node) => { const a = luminance(rgb(getComputedStyle(node).color)), b = luminance(background(node)); return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); };
    """

  @Test func theDiffIsColouredTheChangedRowMarkedAndBothThemesReadable() async throws {
    try await InspectedShell.with(script: Self.script) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        // The second increment, selected by its name in the log's list of actions.
        try await driver.click(role: "option", name: "#2 script: didTapIncrementButton")
        try await driver.wait(until: "document.querySelector('#diff .removed') !== null")
        #expect(try await driver.text("#diff") == "  CounterState(\n-   value: 1\n+   value: 2\n  )")
        let kinds = try await driver.run("return [...document.querySelectorAll('#diff .line')].map((l) => l.classList[1] + ' ' + l.textContent);")
        #expect(kinds == #"["unchanged   CounterState(","removed -   value: 1","added +   value: 2","unchanged   )"]"#)
        let colours = try await driver.run("const c = (s) => getComputedStyle(document.querySelector(s)).color; return [c('#diff .removed'), c('#diff .added'), c('#diff .unchanged')];")
        let distinct = try #require(try JSONSerialization.jsonObject(with: Data(colours.utf8)) as? [String])
        #expect(Set(distinct).count == 3, "removed, added and unchanged lines share a colour: \(distinct)")

        // The tree shows the state after #2, its `value` row marked as what #2 changed.
        try await driver.wait(until: "document.querySelector('#tree li.changed[data-path=\\'[\"value\"]\\']') !== null")
        #expect(try await driver.text("#tree li.changed").contains("value: 2"))
        #expect(try await driver.text("#tree li.changed").contains("changed by #2"))
        #expect(try await driver.text("#state-at") == "after #2")
        try await driver.keepScreenshot(named: "inspector-diff-light.png")

        // Both themes: the page's colours follow the system, and each text of meaning passes AA.
        var backgrounds: [String] = []
        for scheme in ["light", "dark"] {
          try await driver.prefer(colorScheme: scheme)
          backgrounds.append(try await driver.run("return getComputedStyle(document.documentElement).backgroundColor;"))
          let ratios = try await driver.run(Self.contrast + """
            return ['#diff .removed', '#diff .added', '#diff .unchanged', '#tree li.changed .changed-note', '#log li[aria-selected=true]', 'h2', '.note', '#slider-readout', 'button']
              .map((s) => [s, Math.round(ratio(document.querySelector(s)) * 100) / 100]);
            """)
          let pairs = try #require(try JSONSerialization.jsonObject(with: Data(ratios.utf8)) as? [[Any]])
          for pair in pairs {
            let ratio = pair[1] as? Double ?? 0
            #expect(ratio >= 4.5, "\(scheme): \(pair[0]) has contrast \(ratio)")
          }
          print("inspector contrast, \(scheme): \(pairs.map { "\($0[0]) \($0[1])" }.joined(separator: ", "))")
          if scheme == "dark" { try await driver.keepScreenshot(named: "inspector-diff-dark.png") }
        }
        #expect(backgrounds[0] != backgrounds[1], "the page kept one background in both themes: \(backgrounds)")
      }
    }
  }
}
