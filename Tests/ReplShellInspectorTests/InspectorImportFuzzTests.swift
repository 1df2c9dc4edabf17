import Foundation
import Scenarios
import TestSupport
import Testing

/// The page's import of a recording, fuzzed where it runs: in the browser. A recording exported
/// from a real session is mutated (bytes flipped, lines cut, dropped, doubled; values of the wrong
/// type; HTML, control characters, prototype keys and deep nesting put in) from a seed, and each
/// mutant is imported by the page's own reader (`Inspector.importRecording`), then its first
/// entry selected so that its diff is drawn. Whatever it is, the import never throws, nothing it
/// carries becomes markup or runs, no object's prototype changes, and the page goes back to the
/// live session, which is still drawn whole at the end.
@Suite(.serialized, .timeLimit(.minutes(10)))
struct InspectorImportFuzzTests {
  static let script = """
    use animals
    dispatch animalList.onAppear
    dispatch animalEditor.onTapUpdateAnimalButton(animalId: "Cat", name: "Kitty", diet: .omnivorous, categoryId: "Mammal")

    """

  /// How many mutants one run imports.
  static let mutants = 400

  @Test func everyMutantOfARecordingIsImportedSafelyOrRefused() async throws {
    let seed = PropertySeed(default: 20261207)
    try await InspectedShell.with(script: Self.script) { shell in
      try await WebDriver.with(logPath: shell.folder.appendingPathComponent("chromedriver.log").path) { driver in
        try await driver.open(shell.address)
        try await driver.wait(until: "document.body.dataset.ready === 'true'")
        try await driver.wait(until: "document.querySelectorAll('#log li[data-entry]').length === 4")
        try await driver.click(role: "button", name: "Export recording")
        try await driver.wait(until: "Inspector.stats.lastExport !== null")
        let text = try await driver.run("return Inspector.stats.lastExport;")
        let exported = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String)
        var generator = RecordingMutator(lines: exported.split(separator: "\n").map(String.init), seed: seed.value)
        var accepted = 0
        var refused = 0
        for batch in stride(from: 0, to: Self.mutants, by: 25) {
          let inputs = (batch..<min(batch + 25, Self.mutants)).map { _ in generator.next() }
          let verdicts = try await driver.run(Self.importEach, [inputs])
          let parsed = try #require(try JSONSerialization.jsonObject(with: Data(verdicts.utf8)) as? [String], "\(seed): \(verdicts)")
          for (index, verdict) in parsed.enumerated() {
            switch verdict {
            case "accepted": accepted += 1
            case "refused": refused += 1
            default:
              Issue.record("\(seed), mutant \(batch + index): \(verdict)\n--- the mutant:\n\(inputs[index].prefix(2000))")
            }
          }
        }
        print("inspector import fuzz (\(seed)): \(Self.mutants) mutants, \(accepted) imported, \(refused) refused")
        #expect(accepted > 0 && refused > 0, "the mutants should both pass and fail the reader: \(accepted) imported, \(refused) refused")
        // The live session is still the page's, drawn whole.
        #expect(try await driver.run("return [document.getElementById('imported').hidden, document.querySelectorAll('#log li[data-entry]').length];") == "[true,4]")
      }
    }
  }

  /// Imports each of `arguments[0]` with the page's reader and says, for each, `accepted`,
  /// `refused`, or what went wrong: an exception, markup or a script from the file, a prototype
  /// changed, or the page not back on the live session.
  static let importEach = """
    const verdicts = [];
    for (const text of arguments[0]) {
      let verdict;
      try {
        const refusal = Inspector.importRecording("mutant.jsonl", text);
        if (refusal === null) {
          const first = document.querySelector('#log li[data-seq]');
          if (first) first.click();
          verdict = "accepted";
        } else if (typeof refusal === "string" && refusal.startsWith("mutant.jsonl: ")) {
          verdict = "refused";
        } else {
          verdict = "an import said " + String(refusal);
        }
      } catch (error) {
        verdict = "the import threw " + String(error && error.stack || error);
      }
      const markup = document.querySelectorAll('#log img, #log script, #log iframe, #log b, #diff img, #diff script, #diff b, #detail img, #detail script').length;
      if (markup > 0) verdict = markup + " elements of the file's own became markup";
      if (window.pwned !== undefined) verdict = "a script of the file ran";
      if (({}).polluted !== undefined || Object.prototype.polluted !== undefined) verdict = "the file changed Object.prototype";
      if (!document.getElementById('imported').hidden) document.getElementById('back-to-live').click();
      if (!document.getElementById('imported').hidden) verdict = "the page did not go back to the live session";
      verdicts.push(verdict);
    }
    return verdicts;
    """
}

/// Mutants of a recording's lines, from a seed: each a few mutations of the lines, joined.
struct RecordingMutator {
  let lines: [String]
  /// `explore`'s generator: a seed replays the same mutants anywhere.
  private var random: SplitMix

  init(lines: [String], seed: UInt64) {
    self.lines = lines
    random = SplitMix(seed: seed)
  }

  private mutating func below(_ bound: Int) -> Int { random.below(max(1, bound)) }

  /// What a hostile file puts where a value goes.
  static let hostileValues = [
    #""<img src=x onerror=\"window.pwned=1\">""#, #""<script>window.pwned=1</script>""#, #""<b>bold</b>""#, "null", "true", "-1", "0",
    "1e308", "3.5", "9007199254740993", #""\u0000\u001b[31m\u202e""#, "[]", "{}", #"{"__proto__": {"polluted": 1}}"#,
    #"["<img src=x onerror=\"window.pwned=1\">", 1, null]"#, String(repeating: "[", count: 3000) + String(repeating: "]", count: 3000),
    "\"" + String(repeating: "x", count: 100_000) + "\"",
  ]

  /// Keys a hostile file adds or replaces.
  static let keys = ["event", "action", "origin", "diff", "diffKinds", "id", "rejection", "hidden", "cause", "__proto__", "constructor"]

  mutating func next() -> String {
    var mutant = lines
    for _ in 0...below(4) {
      guard !mutant.isEmpty else {
        mutant.append(#"{"event": "dispatched", "action": "x", "origin": "user", "id": 1}"#)
        continue
      }
      let index = below(mutant.count)
      switch below(8) {
      case 0:
        // A byte flipped to another printable one, or a quote or brace.
        var bytes = Array(mutant[index].utf8)
        if !bytes.isEmpty { bytes[below(bytes.count)] = [UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(32 + below(95))][below(4)] }
        mutant[index] = String(decoding: bytes, as: UTF8.self)
      case 1: mutant[index] = String(mutant[index].prefix(below(mutant[index].count + 1)))
      case 2: mutant.remove(at: index)
      case 3: mutant.insert(mutant[index], at: index)
      case 4, 5:
        // A key's value replaced (or the key added) with a hostile one.
        let key = Self.keys[below(Self.keys.count)]
        let value = Self.hostileValues[below(Self.hostileValues.count)]
        mutant[index] = Self.setting(key, to: value, in: mutant[index])
      case 6:
        let dispatched = #"{"event": "dispatched", "action": \#(Self.hostileValues[below(3)]), "origin": "user", "diff": [\#(Self.hostileValues[below(3)])], "rejection": null, "hidden": false, "id": \#(1 + below(9))}"#
        mutant.insert(dispatched, at: index)
      default:
        mutant.insert(Self.hostileValues[below(Self.hostileValues.count)], at: index)
      }
    }
    return mutant.joined(separator: "\n") + (below(2) == 0 ? "\n" : "")
  }

  /// `line` with `"key": value` put first in its object (a later duplicate key wins in
  /// `JSON.parse`, so the line's own, if any, is replaced by putting it last instead).
  static func setting(_ key: String, to value: String, in line: String) -> String {
    guard line.hasPrefix("{"), line.hasSuffix("}") else { return line }
    let body = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
    return body.isEmpty ? "{\"\(key)\": \(value)}" : "{\(body), \"\(key)\": \(value)}"
  }
}
