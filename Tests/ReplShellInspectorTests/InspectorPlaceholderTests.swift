import Foundation
import TestSupport
import Testing
@testable import ReplShellInspector

/// The page's fields show names of the running domain as their placeholders, sent by the server
/// with where the history is: neutral text before any `use`, then the domain's own action and
/// selector, and another domain's after `use` switches, in headless Chromium against a real shell.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorPlaceholderTests {
  @Test func thePlaceholdersFollowTheRunningDomain() async throws {
    try await InspectedShell.with(script: "# no domain yet\n") { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        #expect(try await driver.text("#domain") == "no domain")
        #expect(try await placeholders(driver) == ["action pattern", "dispatch <action>", "<selector>"])

        // The Animals domain: its first action without parameters, and a selector without any
        // (none of its selectors is numeric).
        try await driver.type("use animals", into: "#command")
        try await driver.click("#command-form button")
        try await driver.wait(until: "document.getElementById('domain').textContent === 'animals'")
        #expect(try await placeholders(driver) == ["ui.categoryList.onAppear", "dispatch ui.categoryList.onAppear", "selectCategories"])

        // The Counter domain: its numeric selector.
        try await driver.type("use counter", into: "#command")
        try await driver.click("#command-form button")
        try await driver.wait(until: "document.getElementById('domain').textContent === 'counter'")
        #expect(try await placeholders(driver) == ["didTapIncrementButton", "dispatch didTapIncrementButton", "selectValue"])
      }
    }
  }

  /// The placeholders of the filter, the command line and the watched selector.
  private func placeholders(_ driver: WebDriver) async throws -> [String] {
    let text = try await driver.run("return ['filter', 'command', 'watch-selector'].map((id) => document.getElementById(id).placeholder);")
    return try JSONDecoder().decode([String].self, from: Data(text.utf8))
  }
}

/// The page's own text (its HTML, scripts and styles) names no sample domain: what a client's
/// shell shows of its app comes from the server, from the running domain.
@Suite struct InspectorPageTextTests {
  @Test func thePageHoldsNoSampleName() {
    let samples = [
      "didTapIncrementButton", "didTapDecrementButton", "selectValue", "animalList", "animalEditor", "categoryList",
      "selectAnimals", "selectCategories", "quakeList", "selectQuakes", "Mammal",
    ]
    let page = Array(PageAssets.files) + [("/", PageAssets.index(token: "t"))]
    #expect(page.count == 10)
    for (path, asset) in page {
      let text = String(decoding: asset.bytes, as: UTF8.self)
      for name in samples {
        #expect(!text.contains(name), "`\(name)` in \(path)")
      }
    }
  }
}
