import Foundation

/// A value of many shapes for property tests: every kind of value the shell reads (integers at
/// their limits, any finite `Double`, strings with every escape, optionals, arrays, dictionaries,
/// enum cases with labelled, unlabelled and no arguments, nested structs). Only `Decodable`, so
/// the shell prints it by reflection.
struct PropertyCrate: Decodable, Equatable, Sendable {
  var id: Int
  var name: String
  var isOpen: Bool
  var ratio: Double
  var note: String?
  var tags: [String]
  var counts: [String: Int]
  var shape: PropertyShape
}

/// The enum inside `PropertyCrate`.
indirect enum PropertyShape: Decodable, Equatable, Sendable {
  case point
  case circle(radius: Double)
  case label(String)
  case group([PropertyShape])
  case tagged(key: String?, inner: PropertyShape)
}

/// How a generated value is typed (with the spellings the shell accepts: cases with or without a
/// leading dot, integers where a `Double` goes, `\u{…}` escapes, spacing) and how it must print:
/// `text` is the expected print-out as a tree, so the expected single-line and multi-line forms
/// follow from the printing rules alone, written here without the shell's printer.
struct GeneratedValue {
  var typed: String
  var printed: PrintedValue
}

/// The expected print-out of a value: a word, or brackets around labelled children.
indirect enum PrintedValue {
  case atom(String)
  case group(open: String, close: String, children: [(label: String, value: PrintedValue)])

  /// On one line: children separated by `, `.
  var singleLine: String {
    switch self {
    case .atom(let text): text
    case .group(let open, let close, let children): open + children.map { $0.label + $0.value.singleLine }.joined(separator: ", ") + close
    }
  }

  /// Over lines no wider than `width` where it can: a value that fits stays on one line; one
  /// that does not puts each child on a line of its own, indented two more spaces, followed by
  /// a comma except the last.
  func lines(prefix: String = "", suffix: String = "", indent: Int = 0, width: Int = 100) -> [String] {
    let padding = String(repeating: " ", count: indent)
    let flat = singleLine
    guard case .group(let open, let close, let children) = self, !children.isEmpty,
      indent + prefix.count + flat.count + suffix.count > width
    else {
      return [padding + prefix + flat + suffix]
    }
    var lines = [padding + prefix + open]
    for (index, child) in children.enumerated() {
      lines += child.value.lines(prefix: child.label, suffix: index == children.count - 1 ? "" : ",", indent: indent + 2, width: width)
    }
    return lines + [padding + close + suffix]
  }
}

/// Generates crates from a seed, reproducibly.
struct CrateGenerator {
  private var random: SeededRandom

  init(seed: UInt64) {
    random = SeededRandom(seed: seed)
  }

  mutating func crate() -> GeneratedValue {
    let fields: [(String, GeneratedValue)] = [
      ("id", int()), ("name", string()), ("isOpen", bool()), ("ratio", double()), ("note", optionalString()),
      ("tags", array(of: { $0.string() })), ("counts", dictionary()), ("shape", shape(depth: 3)),
    ]
    return structure("PropertyCrate", fields)
  }

  /// `Type(label: value, …)`.
  mutating func structure(_ name: String, _ fields: [(String, GeneratedValue)]) -> GeneratedValue {
    let typed = fields.map { "\($0.0):\(space())\($0.1.typed)" }.joined(separator: ",\(space(atLeastOne: true))")
    return GeneratedValue(
      typed: "\(name)(\(typed))",
      printed: .group(open: "\(name)(", close: ")", children: fields.map { ("\($0.0): ", $0.1.printed) }))
  }

  mutating func int() -> GeneratedValue {
    let number: Int =
      switch random.below(6) {
      case 0: .min
      case 1: .max
      case 2: 0
      default: Int(truncatingIfNeeded: random.next()) >> Int(random.below(63))
      }
    return GeneratedValue(typed: String(number), printed: .atom(String(number)))
  }

  mutating func bool() -> GeneratedValue {
    let flag = random.below(2) == 0
    return GeneratedValue(typed: String(flag), printed: .atom(String(flag)))
  }

  mutating func double() -> GeneratedValue {
    let number: Double
    switch random.below(4) {
    case 0: number = Double(Int(random.below(2001)) - 1000) / 4
    case 1: number = Double(Int(random.below(200_001)) - 100_000)
    default:
      var any = Double(bitPattern: random.next())
      while !any.isFinite { any = Double(bitPattern: random.next()) }
      number = any
    }
    // Swift's shortest spelling that reads back exactly, with a fraction or an exponent.
    let text = number.description
    let printed = text.contains(where: { $0 == "." || $0 == "e" }) ? text : text + ".0"
    // An integer where a `Double` goes, as people type it (but not for -0.0, which `0` is not).
    let typed = number == number.rounded() && abs(number) < 1e15 && number.sign == .plus && random.below(2) == 0 ? String(Int(number)) : printed
    return GeneratedValue(typed: typed, printed: .atom(printed))
  }

  /// Letters, quotes, backslashes, controls, accents, other scripts and emoji.
  private static let characters: [Unicode.Scalar] = [
    "a", "b", "Z", "0", "9", " ", "\"", "\\", "\n", "\r", "\t", "\0", "\u{7}", "\u{1B}", "\u{7F}", "é", "日", "🙂", "(", ")", ",", ":", "[", "]", "#",
  ]

  mutating func string() -> GeneratedValue {
    var typed = "\""
    var printed = "\""
    for _ in 0..<random.below(12) {
      let scalar = Self.characters[Int(random.below(UInt64(Self.characters.count)))]
      switch scalar {
      case "\"": (typed, printed) = (typed + "\\\"", printed + "\\\"")
      case "\\": (typed, printed) = (typed + "\\\\", printed + "\\\\")
      case "\n": (typed, printed) = (typed + "\\n", printed + "\\n")
      case "\r": (typed, printed) = (typed + "\\r", printed + "\\r")
      case "\t": (typed, printed) = (typed + "\\t", printed + "\\t")
      case "\0": (typed, printed) = (typed + "\\0", printed + "\\0")
      default:
        let escaped = "\\u{" + String(scalar.value, radix: 16) + "}"
        if scalar.value < 0x20 || scalar.value == 0x7F {
          (typed, printed) = (typed + escaped, printed + escaped)
        } else {
          typed += random.below(4) == 0 ? escaped : String(scalar)
          printed.unicodeScalars.append(scalar)
        }
      }
    }
    return GeneratedValue(typed: typed + "\"", printed: .atom(printed + "\""))
  }

  mutating func optionalString() -> GeneratedValue {
    random.below(3) == 0 ? GeneratedValue(typed: "nil", printed: .atom("nil")) : string()
  }

  mutating func array(of element: (inout CrateGenerator) -> GeneratedValue) -> GeneratedValue {
    let elements = (0..<random.below(4)).map { _ in element(&self) }
    guard !elements.isEmpty else { return GeneratedValue(typed: "[]", printed: .atom("[]")) }
    return GeneratedValue(
      typed: "[" + elements.map(\.typed).joined(separator: ",\(space(atLeastOne: true))") + "]",
      printed: .group(open: "[", close: "]", children: elements.map { ("", $0.printed) }))
  }

  /// A `[String: Int]`, typed in any order, printed sorted by key with `String`'s own `<`.
  mutating func dictionary() -> GeneratedValue {
    var entries: [(key: GeneratedValue, keyText: String, value: GeneratedValue)] = []
    for _ in 0..<random.below(4) {
      let key = string()
      if !entries.contains(where: { $0.keyText == key.printed.singleLine }) {
        entries.append((key, key.printed.singleLine, int()))
      }
    }
    guard !entries.isEmpty else { return GeneratedValue(typed: "[:]", printed: .atom("[:]")) }
    let typed = entries.map { "\($0.key.typed):\(space(atLeastOne: true))\($0.value.typed)" }.joined(separator: ", ")
    let sorted = entries.sorted { Self.unquoted($0.keyText) < Self.unquoted($1.keyText) }
    return GeneratedValue(
      typed: "[\(typed)]", printed: .group(open: "[", close: "]", children: sorted.map { ("\($0.keyText): ", $0.value.printed) }))
  }

  /// The text a printed string literal stands for, to order keys as the values they are.
  private static func unquoted(_ literal: String) -> String {
    var result = ""
    var scalars = literal.unicodeScalars.dropFirst().dropLast()[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\\", let next = scalars.popFirst() else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch next {
      case "n": result += "\n"
      case "r": result += "\r"
      case "t": result += "\t"
      case "0": result += "\0"
      case "u":
        var hex = ""
        _ = scalars.popFirst()  // {
        while let digit = scalars.popFirst(), digit != "}" { hex.unicodeScalars.append(digit) }
        result.unicodeScalars.append(Unicode.Scalar(UInt32(hex, radix: 16) ?? 0) ?? "?")
      default: result.unicodeScalars.append(next)
      }
    }
    return result
  }

  mutating func shape(depth: Int) -> GeneratedValue {
    let dot = random.below(3) == 0 ? "" : "."
    switch depth == 0 ? random.below(3) : random.below(5) {
    case 0: return GeneratedValue(typed: dot + "point", printed: .atom(".point"))
    case 1: return enumCase(dot, "circle", [("radius: ", double())])
    case 2: return enumCase(dot, "label", [("", string())])
    case 3: return enumCase(dot, "group", [("", array(of: { $0.shape(depth: depth - 1) }))])
    default: return enumCase(dot, "tagged", [("key: ", optionalString()), ("inner: ", shape(depth: depth - 1))])
    }
  }

  private mutating func enumCase(_ dot: String, _ name: String, _ arguments: [(String, GeneratedValue)]) -> GeneratedValue {
    GeneratedValue(
      typed: dot + name + "(" + arguments.map { $0.0 + $0.1.typed }.joined(separator: ", ") + ")",
      printed: .group(open: ".\(name)(", close: ")", children: arguments.map { ($0.0, $0.1.printed) }))
  }

  private mutating func space(atLeastOne: Bool = false) -> String {
    switch random.below(4) {
    case 0: atLeastOne ? " " : ""
    case 1: "  "
    default: " "
    }
  }
}

/// SplitMix64: a small, fast generator whose sequence a seed fixes.
struct SeededRandom {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: UInt64) -> UInt64 {
    next() % bound
  }
}
