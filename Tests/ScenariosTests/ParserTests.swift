import Foundation
@testable import ReplShellCommands
import StateValues
import Testing
@_spi(Internals) @testable import ReplShellSession
@_spi(Internals) @testable import Scenarios

@Suite struct ParserTests {
  @Test func parsesADispatchWithArguments() throws {
    let command = try CommandParser.parse(#"dispatch animalList.onTapDeleteSelectedAnimalButton(animalId: "Cat")"#)
    guard let action = (command as? DispatchCommand)?.action, case .member(false, let path, _?) = action.value else {
      Issue.record("not a dispatch: \(String(describing: command))")
      return
    }
    #expect(path == ["animalList", "onTapDeleteSelectedAnimalButton"])
    #expect(action.arguments == [.init(label: "animalId", value: ParsedValue(.string("Cat"), column: 63))])
  }

  @Test func keepsTheColumnOfEveryPartBesideTheValue() throws {
    let text = #"[2: Kind.a(x: "s", [:]), 1: nil]"#
    var parser = try ValueParser(text, startColumn: 5)
    let parsed = try parser.parseValue()
    let member = Value.member(
      leadingDot: false, path: ["Kind", "a"], arguments: [.init(label: "x", value: .string("s")), .init(label: nil, value: .dictionary([]))])
    #expect(parsed.value == .dictionary([Entry(.int(2), member), Entry(.int(1), .null)]))
    #expect(parsed.column == 5)
    #expect(parsed.parts.map(\.column) == [6, 9, 30, 33])
    #expect(parsed.parts[1].arguments?.map(\.value.column) == [19, 24])
    #expect(parsed.sourceText == text)
    #expect(ValuePrinter.singleLine(parsed.value) == #"[1: nil, 2: Kind.a(x: "s", [:])]"#)
    #expect(parsed.parts[1].summary == "Kind.a(…)")
  }
}

@Suite struct ValueRoundTripTests {
  private struct Sample: Codable, Equatable {
    var name: String
    var count: Int
    var ratio: Double
    var flag: Bool
    var tags: [String]
    var lookup: [String: Int]
    var optional: String?
    var kind: Kind
    var when: Date

    enum Kind: String, Codable, CaseIterable { case first = "First", second = "Second" }
  }

  private enum Event: Codable, Equatable {
    case tapped
    case loaded(items: [Int], note: String?)
    case nested(_ inner: Kind)

    enum Kind: Codable, Equatable { case alpha, beta(value: Double) }
  }

  @Test func structsPrintAsSwiftAndReadBack() throws {
    let sample = Sample(
      name: "Line \"one\"\nand\ttwo ✓", count: -3, ratio: 2.5, flag: true, tags: ["a", "b"], lookup: ["z": 1, "a": 2],
      optional: nil, kind: .second, when: Date(timeIntervalSince1970: 1_700_000_000.25))
    let printed = ValuePrinter.singleLine(try ValueEncoder.encode(sample))
    #expect(printed == #"ValueRoundTripTests.Sample(name: "Line \"one\"\nand\ttwo ✓", count: -3, ratio: 2.5, flag: true, tags: ["a", "b"], lookup: ["a": 2, "z": 1], optional: nil, kind: .second, when: "2023-11-14T22:13:20.250Z")"#)
    var parser = try ValueParser(printed, startColumn: 1)
    let parsed = try parser.parseValue()
    #expect(try ValueDecoder.decode(Sample.self, from: parsed) == sample)
  }

  @Test func enumsWithPayloadsReadBack() throws {
    for event in [Event.tapped, .loaded(items: [1, 2], note: "n"), .nested(.beta(value: 1.0)), .nested(.alpha)] {
      let printed = ValuePrinter.singleLine(try ValueEncoder.encode(event))
      var parser = try ValueParser(printed, startColumn: 1)
      #expect(try ValueDecoder.decode(Event.self, from: try parser.parseValue()) == event, "\(printed)")
    }
  }

  @Test func wrongInputIsAnErrorWithAColumn() throws {
    func error<T: Decodable>(_ text: String, as type: T.Type) throws -> CommandError? {
      var parser = try ValueParser(text, startColumn: 1)
      let parsed = try parser.parseValue()
      do throws(CommandError) {
        _ = try ValueDecoder.decode(T.self, from: parsed)
        return nil
      } catch {
        return error
      }
    }
    #expect(try error(".third", as: Sample.Kind.self)?.message == "`.third` is not a case of ValueRoundTripTests.Sample.Kind; expected one of .first, .second")
    let missing = try error(#"Event.loaded(items: [1], nope: 2)"#, as: Event.self)
    #expect(missing?.column == 32)
    #expect(missing?.message.hasPrefix("unexpected argument `nope:`") == true)
  }
}

@Suite struct UnifiedDiffTests {
  @Test func printsHunksWithRemovalsFirst() {
    let diff = UnifiedDiff.make(old: "a\nb\nc\nd\n", new: "a\nB\nc\nd\ne\n", oldName: "x.golden", newName: "run")
    #expect(diff == "--- x.golden\n+++ run\n@@ -1,4 +1,5 @@\n a\n-b\n+B\n c\n d\n+e\n")
  }

  @Test func equalTextsHaveNoDiff() {
    #expect(UnifiedDiff.make(old: "same\n", new: "same\n", oldName: "a", newName: "b").isEmpty)
  }

  /// Past the table's bound (here 3,000 by 3,000 changed lines, 9 Mi cells), the changed middle
  /// is one replacement, its common ends kept as context; within it, the diff stays the shortest.
  @Test func twoHugeTextsAreDiffedCoarselyInsteadOfByAnUnboundedTable() {
    let count = 3_000
    #expect(count * count > UnifiedDiff.tableLimit)
    let old = (0..<count).map { "line \($0)" }
    let new = old.indices.map { $0.isMultiple(of: 2) ? "LINE \($0)" : old[$0] }
    let diff = UnifiedDiff.make(
      old: (["head"] + old + ["tail"]).joined(separator: "\n") + "\n", new: (["head"] + new + ["tail"]).joined(separator: "\n") + "\n",
      oldName: "x.golden", newName: "run"
    ).split(separator: "\n", omittingEmptySubsequences: false)
    // The last line, `line 2999`, is common: the changed middle is the 2,999 lines before it.
    let middle = count - 1
    #expect(diff.count == 4 + 2 * middle + 3)
    #expect(Array(diff.prefix(4)) == ["--- x.golden", "+++ run", "@@ -1,3002 +1,3002 @@", " head"])
    #expect(diff[4..<(4 + middle)].elementsEqual(old.prefix(middle).map { Substring("-" + $0) }))
    #expect(diff[(4 + middle)..<(4 + 2 * middle)].elementsEqual(new.prefix(middle).map { Substring("+" + $0) }))
    #expect(Array(diff.suffix(3)) == [" line 2999", " tail", ""])
    // A small change within the bound is still the shortest edit.
    let small = UnifiedDiff.make(old: "a\nb\nc\n", new: "a\nB\nc\n", oldName: "x", newName: "y")
    #expect(small == "--- x\n+++ y\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n")
  }
}
