import Foundation
import TestSupport
import Testing

/// Every pane of the page audited as WCAG AA asks, in both themes: every visible text at least
/// 4.5:1 against what it is drawn on (3:1 for large text: 24 px, or 18.66 px bold), every control
/// named (its label, text, `aria-label` or `aria-labelledby`) and reachable by Tab (a tab list by
/// its one tab in the Tab order, moved through with the arrow keys). Disabled controls are left
/// out, as WCAG leaves out inactive ones.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorAccessibilityAuditTests {
  static let script = """
    use animals
    dispatch animalList.onAppear
    dispatch categoryList.onAppear
    invariant selectAnimal(animalId: nil) == nil
    explore --seed 3 --runs 10 --steps 10

    """

  /// What fails the audit on the page as it is now: each a short description.
  static let audit = InspectorDesignTests.contrast + """
    const visible = (n) => { const s = getComputedStyle(n); const r = n.getBoundingClientRect(); return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0 && n.closest('[hidden]') === null; };
    const describe = (n) => n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + (n.className && typeof n.className === 'string' ? '.' + n.className.trim().split(/\\s+/).join('.') : '') + ' "' + (n.textContent || '').trim().slice(0, 30) + '"';
    const failures = [];
    let texts = 0, controls = 0;
    // Text: every element with a text node of its own.
    for (const n of document.querySelectorAll('body *')) {
      if (n.closest('svg') || !visible(n) || n.disabled || n.closest('[aria-disabled=true]')) continue;
      const own = [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim() !== '');
      if (!own) continue;
      const s = getComputedStyle(n);
      const size = parseFloat(s.fontSize), bold = Number(s.fontWeight) >= 700;
      const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
      texts += 1;
      const r = ratio(n);
      if (r < needed) failures.push(`contrast ${Math.round(r * 100) / 100} < ${needed}: ${describe(n)} (${s.color} on ${background(n).join(',')})`);
    }
    // Controls: named, and in the Tab order.
    const name = (n) => (n.getAttribute('aria-label') || '').trim()
      || (n.getAttribute('aria-labelledby') || '').split(/\\s+/).map((id) => document.getElementById(id)?.textContent || '').join(' ').trim()
      || [...(n.labels || [])].map((l) => l.textContent).join(' ').trim()
      || (n.textContent || '').trim() || (n.getAttribute('title') || '').trim() || (n.getAttribute('alt') || '').trim();
    for (const n of document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex], [role=tab], [role=option], [role=slider]')) {
      if (!visible(n) || n.disabled) continue;
      controls += 1;
      if (name(n) === '') failures.push(`unnamed control: ${describe(n)}`);
      const roving = n.closest('[role=tablist], [role=listbox]');
      const reachable = n.tabIndex >= 0 || (roving !== null && [...roving.querySelectorAll('[role=tab], [role=option]')].some((o) => o.tabIndex >= 0)) || roving?.tabIndex >= 0;
      if (!reachable && n.getAttribute('role') !== 'option') failures.push(`not reachable by Tab: ${describe(n)}`);
    }
    return { failures, texts, controls };
    """

  /// What the audit found, and how much it looked at.
  struct Findings: Decodable {
    let failures: [String]
    let texts: Int
    let controls: Int
  }

  @Test func everyPaneInBothThemesPassesAA() async throws {
    try await InspectedShell.with(script: Self.script) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.setViewport(width: 1280, height: 900)
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        let tabs = try JSONDecoder().decode(
          [String].self, from: Data(try await driver.run("return [...document.querySelectorAll('[role=tab]')].map((t) => t.firstChild.textContent.trim());").utf8))
        #expect(tabs.count >= 2, "\(tabs)")
        var audited: [String] = []
        for scheme in ["light", "dark"] {
          try await driver.prefer(colorScheme: scheme)
          // The first pane as the page opens, with an action selected, then every tab's pane.
          try await driver.click(role: "option", name: "#1 script: ui.animalList.onAppear")
          for tab in [nil] + tabs.map(Optional.some) {
            if let tab { try await driver.click(role: "tab", name: tab) }
            let found = try JSONDecoder().decode(Findings.self, from: Data(try await driver.run(Self.audit).utf8))
            #expect(found.failures.isEmpty, "\(scheme), \(tab ?? "as it opens"): \(found.failures.joined(separator: "\n"))")
            #expect(found.texts > 10 && found.controls > 5, "\(scheme), \(tab ?? "as it opens"): only \(found.texts) texts and \(found.controls) controls audited")
            audited.append("\(scheme)/\(tab ?? "first") \(found.texts) texts \(found.controls) controls")
          }
        }
        print("inspector accessibility audit: \(audited.count) panes (\(audited.joined(separator: ", ")))")
        // The audit can fail: a pale text and a button without a name are both found.
        _ = try await driver.run(
          "const s = document.createElement('span'); s.textContent = 'pale'; s.style.color = '#bbbbbb'; s.style.background = '#ffffff'; document.body.prepend(s);"
            + "const b = document.createElement('button'); b.type = 'button'; document.body.prepend(b); return 0;")
        let planted = try JSONDecoder().decode(Findings.self, from: Data(try await driver.run(Self.audit).utf8))
        #expect(planted.failures.contains { $0.hasPrefix("contrast ") && $0.contains(#"span "pale""#) }, "\(planted.failures)")
        #expect(planted.failures.contains { $0.hasPrefix("unnamed control: button") }, "\(planted.failures)")
      }
    }
  }
}
