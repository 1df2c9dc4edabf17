import Foundation
import TestSupport
import Testing

/// The page in headless Chromium at the window sizes it is made for, 1024×768 and 1280×900, and
/// the widest it is read at, 1920×1080,
/// against a real shell: nothing runs past its panel and nothing scrolls sideways; the domain
/// and the history's position show on the first message (`FirstPaint`); the placeholders are the
/// running domain's. Set INSPECTOR_SCREENSHOTS to a folder to keep a screenshot at each size.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorLayoutTests {
  static let script = """
    use counter
    watch selectValue
    dispatch didTapIncrementButton
    dispatch didTapIncrementButton
    dispatch didTapDecrementButton

    """

  @Test(arguments: [(1024, 768), (1280, 900), (1920, 1080)])
  func thePageFitsItsWindowAndShowsTheSessionAtOnce(width: Int, height: Int) async throws {
    try await InspectedShell.with(script: Self.script) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.setViewport(width: width, height: height)
        try await driver.open(shell.address)
        try await checkFirstPaint(driver)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        #expect(try await driver.run("return [window.innerWidth, window.innerHeight];") == "[\(width),\(height)]")

        // The placeholders name the running domain's actions and selectors.
        #expect(try await placeholder("#command", driver) == "dispatch didTapIncrementButton")
        #expect(try await placeholder("#filter", driver) == "didTapIncrementButton")
        #expect(try await placeholder("#watch-selector", driver) == "selectValue")

        // The widest the page gets: an action's detail open (its paste-back field), the tree shown.
        try await driver.click("#log li[data-entry=\"3\"]")
        try await driver.wait(until: "document.getElementById('paste-back') !== null")
        try await driver.wait(until: "document.querySelector('#tree li[data-path]') !== null")
        let overflows = try await driver.run(Self.overflowsScript)
        #expect(overflows == "[]", "at \(width)×\(height), elements run past their panels: \(overflows)")
        let scroll = try await driver.run("return [document.documentElement.scrollWidth, window.innerWidth];")
        let sizes = try #require(try JSONSerialization.jsonObject(with: Data(scroll.utf8)) as? [Int])
        #expect(sizes[0] <= sizes[1], "at \(width)×\(height) the page scrolls sideways: \(sizes[0]) px wide in \(sizes[1])")
        try await driver.keepScreenshot(named: "inspector-\(width)x\(height).png")
      }
    }
  }

  /// Waits for the domain and the history's position, and checks how soon after navigation.
  private func checkFirstPaint(_ driver: WebDriver) async throws {
    try await FirstPaint.check(
      driver, until: "document.getElementById('domain').textContent === 'counter' && document.getElementById('position').textContent === 'History: at entry 3 of 3'")
  }

  private func placeholder(_ selector: String, _ driver: WebDriver) async throws -> String {
    let text = try await driver.run("return document.querySelector('\(selector)').placeholder;")
    return (try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String) ?? text
  }

  /// Every element whose box runs past its panel's (the header, the time slider's bar, or a section of the main grid),
  /// described; also each panel that runs past the window or scrolls sideways itself. What a
  /// box inside the panel clips or scrolls (the log, the tree) does not show past it, so only
  /// that box is held to the panel.
  static let overflowsScript = """
    const found = [];
    const name = (element) => element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + (element.className && typeof element.className === 'string' ? '.' + element.className.trim().replace(/ +/g, '.') : '');
    const clips = (element) => { const style = getComputedStyle(element); return style.overflowX !== 'visible' || style.overflowY !== 'visible'; };
    const outside = (inner, outer) => inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5 || inner.top < outer.top - 0.5 || inner.bottom > outer.bottom + 0.5;
    const panels = [document.querySelector('header'), document.querySelector('#timeline'), ...document.querySelectorAll('main > section')];
    for (const panel of panels) {
      const box = panel.getBoundingClientRect();
      if (box.left < 0 || box.right > window.innerWidth) found.push(`${name(panel)} runs past the window: ${Math.round(box.left)}…${Math.round(box.right)} in ${window.innerWidth}`);
      if (panel.scrollWidth > panel.clientWidth) found.push(`${name(panel)} is ${panel.scrollWidth} px wide inside, ${panel.clientWidth} px shown`);
      for (const element of panel.querySelectorAll('*')) {
        let clipped = false;
        for (let parent = element.parentElement; parent !== panel; parent = parent.parentElement) {
          if (clips(parent)) { clipped = true; break; }
        }
        if (clipped) continue;
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        if (outside(rect, box)) {
          found.push(`${name(element)} in ${name(panel)}: ${Math.round(rect.left)}…${Math.round(rect.right)} × ${Math.round(rect.top)}…${Math.round(rect.bottom)}, the panel ${Math.round(box.left)}…${Math.round(box.right)} × ${Math.round(box.top)}…${Math.round(box.bottom)}`);
        }
      }
    }
    return found;
    """
}
