import Foundation
import Testing
@testable import StateValues

/// A value is the app's, a recording's or a file's: whatever it holds, what the printer writes
/// of it — strings, keys, labels, case and type names, JSON — holds no character a terminal acts
/// on (C0 and C1 controls, `DEL`) and no bidirectional override or isolate, only their escapes.
@Suite struct ControlCharacterPrintingTests {
  /// Every scalar the printer must escape, as the issue lists them.
  static let hostile: [Unicode.Scalar] = (Array(0x00...0x1F) + Array(0x7F...0x9F) + Array(0x202A...0x202E) + Array(0x2066...0x2069))
    .compactMap(Unicode.Scalar.init)

  /// A text that sets the window's title, rings the bell, starts a C1 sequence and reverses the line.
  static let hostileText = "x\u{1B}]0;title\u{7}\u{9B}31m\u{7F}\u{202E}desrever\u{2066}y"

  private static func rawScalars(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { hostile.contains($0) }
  }

  /// A `Codable` struct whose field label and enum case names come from its coding keys.
  struct Labelled: Codable {
    enum Mood: Codable {
      case calm
      enum CodingKeys: String, CodingKey { case calm = "ca\u{1B}[2Jlm" }
    }
    var title: String
    var mood: Mood
    enum CodingKeys: String, CodingKey {
      case title = "ti\u{1B}]0;x\u{7}tle"
      case mood = "mo\u{202E}od"
    }
  }

  /// A symbol whose name (its `description`) holds escapes.
  enum Colour: CaseIterable, CustomStringConvertible {
    case red
    var description: String { "\u{1B}[31mred\u{202E}" }
  }

  /// A type whose name holds a right-to-left override, as a raw identifier allows.
  struct `Evil‮Name`: Codable {
    var `fi‮eld`: Int
  }

  final class `Hidden‮Cache` {}

  @Test func aStringPrintsAsAnEscapedSwiftLiteral() {
    #expect(ValuePrinter.singleLine(.string("\u{1B}]0;title\u{7}")) == #""\u{1b}]0;title\u{7}""#)
    #expect(ValuePrinter.singleLine(.string("a\u{202E}b\u{2066}c\u{85}d")) == #""a\u{202e}b\u{2066}c\u{85}d""#)
    for scalar in Self.hostile {
      let printed = ValuePrinter.singleLine(.string("a" + String(scalar) + "b"))
      #expect(Self.rawScalars(in: printed).isEmpty, "U+\(String(scalar.value, radix: 16))")
    }
  }

  @Test func keysLabelsCaseAndTypeNamesAreEscaped() throws {
    let evil = Self.hostileText
    let value: Value = .structure(typeName: evil, fields: [
      Field(evil, .string(evil)),
      Field("byKey", .dictionary([Entry(.string(evil), .enumCase(typeName: evil, name: evil, arguments: nil))])),
      Field("event", .enumCase(typeName: evil, name: evil, arguments: [Field(evil, .opaque(evil))])),
      Field("path", .keyPath([evil])),
      Field("typed", .member(leadingDot: true, path: [evil], arguments: [Value.Argument(label: evil, value: .null)])),
    ])
    var texts = [ValuePrinter.singleLine(value), ValuePrinter.sourceText(value), ValuePrinter.summary(value), value.typeDescription]
    texts += ValuePrinter.pretty(value, indent: 2)
    var lines: [OutputLine] = []
    LeafDiff.appendDiff(value, .structure(typeName: evil, fields: []), prefix: "state: ", suffix: "", indent: 2, to: &lines)
    texts += lines.map(\.text)
    texts += [StatePath([.name(evil), .key(.string(evil)), .key(.opaque(evil))]).description]
    for text in texts {
      #expect(Self.rawScalars(in: text).isEmpty, "\(text.debugDescription)")
    }
    #expect(ValuePrinter.singleLine(.enumCase(typeName: nil, name: "a\u{1B}b", arguments: nil)) == #".a\u{1b}b"#)
  }

  @Test func namesReflectedFromValuesAreEscaped() throws {
    let labelled = try ValueEncoder.encode(Labelled(title: "t", mood: .calm))
    #expect(ValuePrinter.singleLine(labelled) == #"ControlCharacterPrintingTests.Labelled(ti\u{1b}]0;x\u{7}tle: "t", mo\u{202e}od: .ca\u{1b}[2Jlm)"#)
    #expect(ValuePrinter.singleLine(try ValueEncoder().value(of: Colour.red)) == #".\u{1b}[31mred\u{202e}"#)
    #expect(ValuePrinter.singleLine(try ValueEncoder.encode(`Evil‮Name`(fi‮eld: 1))) == #"ControlCharacterPrintingTests.Evil\u{202e}Name(fi\u{202e}eld: 1)"#)
    #expect(ValuePrinter.singleLine(try ValueEncoder().value(of: `Hidden‮Cache`())) == #"ControlCharacterPrintingTests.Hidden\u{202e}Cache(…)"#)
    #expect(Self.rawScalars(in: TypeInfo.displayName(of: `Evil‮Name`.self)).isEmpty, "type names in messages too")
  }

  @Test func aDiffEscapesTheLabelsItWalks() throws {
    let lines = try StateDiff().lines(from: `Evil‮Name`(fi‮eld: 1), to: `Evil‮Name`(fi‮eld: 2)).map(\.text)
    #expect(lines == [#"  ControlCharacterPrintingTests.Evil\u{202e}Name("#, #"-   fi\u{202e}eld: 1"#, #"+   fi\u{202e}eld: 2"#, "  )"])
  }

  /// JSON escapes, never raw characters, for the same list: `\u001b`, `\u007f`, `\u009b`, `\u202e`.
  @Test func jsonWritesEveryOneAsAJSONEscape() throws {
    let text = JSONForm(.dictionary([Entry(.string(Self.hostileText), .string(Self.hostileText))])).text
    #expect(Self.rawScalars(in: text).isEmpty, "\(text.debugDescription)")
    #expect(JSONForm.quoted("a\u{1B}b\u{7F}c\u{9B}d\u{202E}e\u{2069}") == #""a\u001bb\u007fc\u009bd\u202ee\u2069""#)
    let decoded = try JSONDecoder().decode(String.self, from: Data(JSONForm.quoted(Self.hostileText).utf8))
    #expect(decoded == Self.hostileText, "the escapes read back as the text")
  }

  /// Text a message quotes back (what the user typed) is cut and cleaned the same way, and a
  /// character the lexer stops at is spelled out.
  @Test func messageTextHidesTheSameCharacters() {
    #expect(Self.rawScalars(in: Self.hostileText.truncatedForMessage).isEmpty)
    for scalar in Self.hostile {
      do {
        _ = try Lexer.tokenize("a \(String(scalar)) b")
      } catch {
        #expect(Self.rawScalars(in: error.message).isEmpty, "\(error.message.debugDescription)")
      }
    }
    #expect(throws: CommandError("unexpected character U+202E", column: 3)) { try Lexer.tokenize("a \u{202E} b") }
  }
}
