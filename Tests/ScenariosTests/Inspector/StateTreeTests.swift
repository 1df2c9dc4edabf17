import Foundation
@testable import ReplShellHost
import StateValues
import TestSupport
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

/// The state as the inspector's tree walks it: a level at a time, in pages, and searched.
@Suite(.timeLimit(.minutes(10))) struct StateTreeTests {
  /// `State(count: 3, items: ["k0": Item(name: "n0", tags: […]), …])` with `size` items.
  static func state(items size: Int) -> Value {
    let items = (0..<size).map { index in
      Entry(.string("k\(index)"), .structure(typeName: "Item", fields: [Field("name", .string("n\(index)")), Field("tags", .array([.string("a"), .string("b")]))]))
    }
    return .structure(typeName: "State", fields: [Field("count", .int(3)), Field("items", .dictionary(items))])
  }

  @Test func childrenComeALevelAtATimeWithSummaries() throws {
    let tree = StateTree(root: Self.state(items: 2))
    let top = try tree.children(at: [], offset: 0, limit: 10)
    #expect(top.total == 2)
    #expect(top.nodes == [
      StateTree.Node(name: "count", summary: "3", childCount: 0, statePath: "count"),
      StateTree.Node(name: "items", summary: "[2 entries]", childCount: 2, statePath: "items"),
    ])
    let item = try tree.children(at: ["items", "k1"], offset: 0, limit: 10)
    #expect(item.nodes.map(\.summary) == ["\"n1\"", "[\"a\", \"b\"]"])
    // Arrays open too, and every node carries its path as `state` reads it.
    let tags = try tree.children(at: ["items", "k1", "tags"], offset: 0, limit: 10)
    #expect(tags.nodes.map(\.statePath) == ["items.k1.tags[0]", "items.k1.tags[1]"])
  }

  @Test func aLargeLevelComesInPagesAndAChildsPageIsFound() throws {
    let tree = StateTree(root: Self.state(items: 1_200))
    let page = try tree.children(at: ["items"], offset: 500, limit: 500)
    #expect(page.total == 1_200)
    #expect(page.nodes.count == 500)
    let last = try tree.children(at: ["items"], offset: 1_000, limit: 500)
    #expect(last.nodes.count == 200)
    let index = try #require(try tree.index(of: "k999", at: ["items"]))
    #expect(try tree.children(at: ["items"], offset: index, limit: 1).nodes.first?.name == "k999")
    #expect(try tree.index(of: "nothing", at: ["items"]) == nil)
  }

  @Test func aPathTheStateLacksSaysWhere() {
    #expect(throws: CommandError("`items` has no `k9`")) {
      try StateTree(root: Self.state(items: 2)).children(at: ["items", "k9"], offset: 0, limit: 10)
    }
  }

  @Test func searchFindsKeysAndLeafValuesIgnoringCaseAndStopsAtItsLimit() {
    let tree = StateTree(root: Self.state(items: 30))
    #expect(tree.search("K2", in: .key, limit: 100).paths.prefix(2) == [["items", "k2"], ["items", "k20"]])
    #expect(tree.search("n7", in: .value, limit: 100).paths == [["items", "k7", "name"]])
    #expect(tree.search("n7", in: .value, limit: 100).texts == ["items.k7.name"])
    let capped = tree.search("name", in: .key, limit: 5)
    #expect(capped.paths.count == 5)
    #expect(capped.truncated)
    #expect(tree.search("", in: .key, limit: 5).paths.isEmpty)
  }

  /// The search index finds what walking the state finds, in the same order, with the same cut:
  /// over keys and leaves with quotes, escapes, capitals, non-ASCII text (accents, a decomposed
  /// é, the Kelvin sign), numbers, empty collections and nesting, for needles cut from the
  /// printed texts and a few of no text's.
  @Test func theSearchIndexFindsWhatTheWalkFinds() {
    var random = SplitMix(seed: 56)
    let words = ["Alpha", "beta", "\"quoted\"", "back\\slash", "line\nbreak", "Émile", "e\u{301}cole", "\u{212A}elvin", "ÅSA", "ünïcode", "x", "", "TAB\there"]
    func leaf() -> Value {
      switch random.below(5) {
      case 0: return .int(random.below(2001) - 1000)
      case 1: return .double(Double(random.below(2001) - 1000) / 8)
      case 2: return .bool(random.chance(1, in: 2))
      default: return .string(words[random.below(words.count)] + (random.chance(1, in: 2) ? "\(random.below(100))" : ""))
      }
    }
    func value(depth: Int) -> Value {
      guard depth < 3, random.chance(2, in: 3) else { return leaf() }
      switch random.below(3) {
      case 0:
        return .array((0..<random.below(4)).map { _ in value(depth: depth + 1) })
      case 1:
        var keys: Set<String> = []
        let entries = (0..<random.below(5)).compactMap { _ -> Entry? in
          let key = words[random.below(words.count)] + "\(random.below(10))"
          guard keys.insert(key).inserted else { return nil }
          return Entry(.string(key), value(depth: depth + 1))
        }
        return .dictionary(entries)
      default:
        return .structure(typeName: "Part", fields: (0..<random.below(4)).map { Field(["name", "Count", "é", "kind"][$0], value(depth: depth + 1)) })
      }
    }
    let root = Value.structure(typeName: "State", fields: (0..<12).map { Field("field\($0)", value(depth: 0)) })
    let tree = StateTree(root: root)
    var needles = ["a", "E", "é", "k", "\"", "\\", "\\n", "1", "-", ".", "[]", "true", "nothing like it", "émile", "ÉCOLE"]
    for _ in 0..<300 {
      let text = ValuePrinter.singleLine(value(depth: 2))
      let characters = Array(text)
      guard !characters.isEmpty else { continue }
      let start = random.below(characters.count)
      needles.append(String(characters[start..<min(characters.count, start + 1 + random.below(6))]))
    }
    for needle in needles {
      for field in [StateTree.SearchField.key, .value] {
        for limit in [1, 3, 100] {
          let indexed = tree.search(needle, in: field, limit: limit)
          let walked = tree.search(needle, in: field, limit: limit, redactedBy: { $0 })
          #expect(indexed.paths == walked.paths && indexed.texts == walked.texts && indexed.truncated == walked.truncated,
            "\(field) \(String(reflecting: needle)) limit \(limit): \(indexed.texts) against \(walked.texts)")
        }
      }
    }
  }

  /// The index the inspector lays out in the background, once a state is encoded, is the one a
  /// later search uses; a layout stopped part way (a newer state came) keeps nothing, and the
  /// search then lays out its own.
  @Test func aSearchIndexLaidOutAheadIsUsedAndOneStoppedKeepsNothing() {
    let root = Self.state(items: 10_000)
    let walked = StateTree(root: root).search("n999", in: .value, limit: 20, redactedBy: { $0 })
    #expect(walked.texts.count == 11)

    let stopped = StateTree(root: root)
    var checks = 0
    // Asked at the first part and every 4,096th: it stops at its second check.
    stopped.layOutSearchIndex(unless: {
      checks += 1
      return checks > 1
    })
    #expect(checks == 2)
    #expect(!stopped.hasSearchIndex)
    let searched = stopped.search("n999", in: .value, limit: 20)
    #expect(searched.texts == walked.texts && searched.paths == walked.paths)
    #expect(stopped.hasSearchIndex)

    let ahead = StateTree(root: root)
    ahead.layOutSearchIndex(unless: { false })
    #expect(ahead.hasSearchIndex)
    let found = ahead.search("n999", in: .value, limit: 20)
    #expect(found.texts == walked.texts && found.paths == walked.paths)
  }

  /// A search never waits for a background layout a loaded machine holds back: here the layout
  /// is held at its second check while the search runs, lays out its own, and answers; the
  /// held layout, let go, stops and finds the search's index kept.
  @Test func aSearchDoesNotWaitForALayoutHeldBack() {
    let tree = StateTree(root: Self.state(items: 10_000))
    let reachedCheck = DispatchSemaphore(value: 0)
    let letGo = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var checks = 0
    nonisolated(unsafe) var heldLayout: StateTreeSearchIndex?
    DispatchQueue.global().async {
      heldLayout = tree.layOutSearchIndex(unless: {
        checks += 1
        if checks == 2 {
          reachedCheck.signal()
          // A hang guard only: the test lets it go as soon as the search has answered.
          _ = letGo.wait(timeout: .now() + 600)
        }
        return false
      })
      finished.signal()
    }
    reachedCheck.wait()
    let found = tree.search("n999", in: .value, limit: 20)
    letGo.signal()
    finished.wait()
    #expect(found.texts.count == 11)
    #expect(checks == 2)
    #expect(heldLayout != nil && heldLayout === tree.layOutSearchIndex())
  }

  /// Search matches what the tree shows: a value or a key a redaction replaces is found by its
  /// replacement, not by the secret, with the shell's own redactions.
  @MainActor @Test func searchMatchesNamesAndValuesAsRedacted() async throws {
    let shell = try await startedShell()
    #expect(await shell.run("redact /n7/ as [secret]").succeeded)
    #expect(await shell.run("redact /k1[0-9]/ as [key]").succeeded)
    let tree = StateTree(root: Self.state(items: 30))
    let redact = shell.inspection.redaction
    #expect(tree.search("n7", in: .value, limit: 100).paths == [["items", "k7", "name"]])
    #expect(tree.search("n7", in: .value, limit: 100, redactedBy: redact).paths.isEmpty)
    #expect(tree.search("[secret]", in: .value, limit: 100, redactedBy: redact).paths == [["items", "k7", "name"]])
    #expect(tree.search("k15", in: .key, limit: 100, redactedBy: redact).paths.isEmpty)
    #expect(tree.search("[key]", in: .key, limit: 100, redactedBy: redact).paths.count == 10)
    // Without redactions in force, the raw text is what is shown, and found.
    let plain = try await startedShell()
    #expect(tree.search("n7", in: .value, limit: 100, redactedBy: plain.inspection.redaction).paths == [["items", "k7", "name"]])
  }

  @MainActor @Test func inspectWithoutAnInspectorSaysHowToAddOne() async throws {
    let shell = try await startedShell()
    let result = await shell.run("inspect")
    #expect(!result.succeeded)
    #expect(result.lines.map(\.text).joined().contains("add the `ReplShellInspector` product"))
    #expect(await shell.texts("inspect 70000") == ["error: column 9: expected a port number such as `8123` (or none, for a free port), found `70000`"])
  }

  @MainActor @Test func aDispatchCarriesTheHistoryEntryItBecame() async throws {
    let shell = try await startedShell()
    let first = await shell.run("dispatch didTapIncrementButton")
    let second = await shell.run("dispatch didTapIncrementButton")
    let entries = (first.events + second.events).compactMap { event -> Int? in
      if case .dispatched(let dispatch) = event { dispatch.entry } else { nil }
    }
    #expect(entries == [1, 2])
    #expect(shell.inspection.history.count == 2)
    #expect(shell.inspection.history.position == 2)
  }
}

/// The search's matching: ASCII compared byte by byte without case, anything else lowercased.
@Suite struct CaseInsensitiveMatchTests {
  @Test func asciiIgnoresCaseAndFindsEveryPlace() {
    let match = CaseInsensitiveMatch("quake")
    #expect(match.found(in: "Quake"))
    #expect(match.found(in: "the last QUAKE of the month"))
    #expect(match.found(in: "qquake"))
    #expect(!match.found(in: "quak"))
    #expect(!match.found(in: ""))
    #expect(!match.found(in: "q-u-a-k-e"))
  }

  @Test func textThatIsNotASCIIIsLowercasedFirst() {
    #expect(CaseInsensitiveMatch("zürich").found(in: "Near ZÜRICH"))
    #expect(CaseInsensitiveMatch("zurich").found(in: "ZÜRICH") == false)
    #expect(CaseInsensitiveMatch("ich").found(in: "ZÜRICH"))
    #expect(CaseInsensitiveMatch("[").found(in: "a[0]"))
    #expect(CaseInsensitiveMatch("@").found(in: "`") == false)
  }
}
