import Foundation

/// Prints `Value`s the way Swift writes them, so that whatever the shell prints can be pasted
/// back as input. Dictionaries print in the canonical order (`Value.sortedEntries`), and what a
/// terminal would act on is escaped (`isEscaped`): output is byte-for-byte deterministic and inert.
public enum ValuePrinter {
  /// The widest line `pretty` keeps on one line before it breaks a value over several.
  public static let lineWidth = 100

  /// The value on one line.
  public static func singleLine(_ value: Value) -> String {
    var output = ""
    write(value, to: &output)
    return output
  }

  /// The value on one line as the user would type it: like `singleLine`, but dictionaries keep
  /// the order their entries were written in.
  public static func sourceText(_ value: Value) -> String {
    var output = ""
    write(value, keysSorted: false, to: &output)
    return output
  }

  /// A short description of a typed value for error messages, on one line: a long string cut
  /// short, a collection by its kind, a member without its arguments.
  public static func summary(_ value: Value) -> String {
    switch value {
    case .string:
      let quoted = sourceText(value)
      return quoted.count > 40 ? String(quoted.prefix(37)) + "…\"" : quoted
    case .array: return "an array"
    case .dictionary: return "a dictionary"
    case .member(let leadingDot, let path, let arguments):
      let name = memberName(leadingDot: leadingDot, path: path)
      return arguments == nil ? name : withElidedArguments(name)
    default: return sourceText(value)
    }
  }

  /// The value over as many lines as it needs, each at most about `lineWidth` wide.
  public static func pretty(_ value: Value, indent: Int = 0) -> [String] {
    var lines: [String] = []
    appendPretty(value, prefix: "", suffix: "", indent: indent, to: &lines)
    return lines
  }

  /// Appends the lines of `prefix + value + suffix`, indented by `indent` spaces.
  public static func appendPretty(_ value: Value, prefix: String, suffix: String, indent: Int, to lines: inout [String]) {
    let padding = String(repeating: " ", count: indent)
    let flat = singleLine(value)
    // A value without children takes one line whatever its width: no need to count characters.
    if !value.hasChildren || padding.count + prefix.count + flat.count + suffix.count <= lineWidth {
      lines.append(padding + prefix + flat + suffix)
      return
    }
    let (open, close) = value.brackets
    lines.append(padding + prefix + open)
    let children = value.children
    for (index, child) in children.enumerated() {
      let comma = index == children.count - 1 ? "" : ","
      appendPretty(child.value, prefix: child.label, suffix: comma, indent: indent + 2, to: &lines)
    }
    lines.append(padding + close + suffix)
  }

  public static func write(_ value: Value, keysSorted: Bool = true, to output: inout String) {
    switch value {
    case .string(let text):
      writeQuoted(text, to: &output)
    case .int(let number):
      output += String(number)
    case .double(let number):
      output += format(number)
    case .bool(let flag):
      output += flag ? "true" : "false"
    case .null:
      output += "nil"
    case .date(let date):
      writeQuoted(format(date), to: &output)
    case .keyPath(let components):
      output += keyPath(components)
    case .opaque(let placeholder):
      output += escapedName(placeholder)
    case .enumCase(_, let name, nil):
      output += caseName(name)
    case .member(let leadingDot, let path, nil):
      output += memberName(leadingDot: leadingDot, path: path)
    case .array, .dictionary, .enumCase, .structure, .member:
      let (open, close) = value.brackets
      output += open
      for (index, child) in value.children(keysSorted: keysSorted).enumerated() {
        if index > 0 { output += ", " }
        output += child.label
        write(child.value, keysSorted: keysSorted, to: &output)
      }
      output += close
    }
  }

  /// An enum case without arguments as Swift writes it where its type is known: `.name`.
  public static func caseName(_ name: String) -> String {
    "." + escapedName(name)
  }

  /// A key path from the type the context implies: `\.name`, `\.a.b`.
  public static func keyPath(_ components: [String]) -> String {
    "\\." + escapedName(components.joined(separator: "."))
  }

  /// A typed name as written: `.name`, `Type.name`, `a.b.c`.
  static func memberName(leadingDot: Bool, path: [String]) -> String {
    (leadingDot ? "." : "") + escapedName(path.joined(separator: "."))
  }

  /// The brackets around a struct's fields: `Type(` and `)`.
  static func structureBrackets(_ typeName: String) -> (open: String, close: String) {
    (escapedName(typeName) + "(", ")")
  }

  /// `count` spaces: a diff indents every line it prints, and the common widths are made once.
  public static func spaces(_ count: Int) -> String {
    count < commonSpaces.count ? commonSpaces[max(0, count)] : String(repeating: " ", count: count)
  }

  private static let commonSpaces = (0..<24).map { String(repeating: " ", count: $0) }

  /// The brackets around the elements of a non-empty array or dictionary.
  static let collectionBrackets = (open: "[", close: "]")

  /// A printed member or struct cut before its arguments, which become `(…)`: `a.b(…)`.
  public static func elidingArguments(_ text: String) -> String {
    withElidedArguments(String(text.prefix { $0 != "(" }))
  }

  /// A name followed by arguments left out: `Cache(…)`.
  static func withElidedArguments(_ name: String) -> String {
    name + "(…)"
  }

  /// The text that introduces a dictionary entry's value: `"key": `; a key that is itself a
  /// dictionary keeps its entries as written unless `keysSorted`.
  static func entryLabel(_ key: Value, keysSorted: Bool = true) -> String {
    (keysSorted ? singleLine(key) : sourceText(key)) + ": "
  }

  /// The text that introduces a field or argument: `label: `, or nothing when it has no label.
  public static func fieldLabel(_ label: String?) -> String {
    label.map { escapedName($0) + ": " } ?? ""
  }

  /// Swift's own spelling of a `Double`, always with a fraction or exponent so it reads back as one.
  public static func format(_ number: Double) -> String {
    if number.isNaN { return ".nan" }
    if number.isInfinite { return number < 0 ? "-.infinity" : ".infinity" }
    let text = number.description
    return text.contains(where: { $0 == "." || $0 == "e" }) ? text : text + ".0"
  }

  /// ISO 8601 in UTC, with milliseconds only when there are some.
  public static func format(_ date: Date) -> String {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    let wholeSeconds = (milliseconds / 1000).rounded(.down)
    let fraction = Int(milliseconds - wholeSeconds * 1000)
    let seconds = Int(wholeSeconds)
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    // Written digit by digit: `String(format:)` took most of the time of printing a state of
    // 64,000 quakes, two dates each.
    var text = ""
    text.reserveCapacity(24)
    appendZeroPadded(Int(parts.tm_year) + 1900, width: 4, to: &text)
    text += "-"
    appendZeroPadded(Int(parts.tm_mon) + 1, width: 2, to: &text)
    text += "-"
    appendZeroPadded(Int(parts.tm_mday), width: 2, to: &text)
    text += "T"
    appendZeroPadded(Int(parts.tm_hour), width: 2, to: &text)
    text += ":"
    appendZeroPadded(Int(parts.tm_min), width: 2, to: &text)
    text += ":"
    appendZeroPadded(Int(parts.tm_sec), width: 2, to: &text)
    if fraction != 0 {
      text += "."
      appendZeroPadded(fraction, width: 3, to: &text)
    }
    return text + "Z"
  }

  /// `number` as `%0<width>d` writes it: zeros before the digits up to `width` characters, a
  /// minus sign counted among them.
  static func appendZeroPadded(_ number: Int, width: Int, to text: inout String) {
    let digits = String(number.magnitude)
    let sign = number < 0 ? 1 : 0
    if sign == 1 { text += "-" }
    if digits.count + sign < width { text += String(repeating: "0", count: width - digits.count - sign) }
    text += digits
  }
}

/// A child of a composite value together with the text that introduces it (`label: `, `"key": `).
public struct LabeledChild: Sendable {
  public let label: String
  public let value: Value
}

extension Value {
  public var hasChildren: Bool {
    switch self {
    case .array(let elements): !elements.isEmpty
    case .dictionary(let entries): !entries.isEmpty
    case .structure(_, let fields): !fields.isEmpty
    case .enumCase(_, _, let arguments): !(arguments ?? []).isEmpty
    case .member(_, _, let arguments): !(arguments ?? []).isEmpty
    default: false
    }
  }

  /// The opening and closing text of a composite value.
  public var brackets: (open: String, close: String) {
    switch self {
    case .array: ValuePrinter.collectionBrackets
    case .dictionary(let entries): entries.isEmpty ? ("[:", "]") : ValuePrinter.collectionBrackets
    case .structure(let typeName, _): ValuePrinter.structureBrackets(typeName)
    case .enumCase(_, let name, _): (ValuePrinter.caseName(name) + "(", ")")
    case .member(let leadingDot, let path, _): (ValuePrinter.memberName(leadingDot: leadingDot, path: path) + "(", ")")
    default: ("", "")
    }
  }

  /// The children in printing order: struct fields and case arguments as declared, dictionary entries by key.
  public var children: [LabeledChild] { children(keysSorted: true) }

  /// The children in printing order; dictionary entries by key, or as written when not `keysSorted`.
  public func children(keysSorted: Bool) -> [LabeledChild] {
    switch self {
    case .array(let elements):
      return elements.map { LabeledChild(label: "", value: $0) }
    case .dictionary(let entries) where keysSorted:
      return Value.sortedEntries(entries).map { LabeledChild(label: ValuePrinter.entryLabel($0.key), value: $0.value) }
    case .dictionary(let entries):
      return entries.map { LabeledChild(label: ValuePrinter.entryLabel($0.key, keysSorted: false), value: $0.value) }
    case .structure(_, let fields), .enumCase(_, _, let fields?):
      return fields.map { LabeledChild(label: ValuePrinter.fieldLabel($0.isUnlabeled ? nil : $0.label), value: $0.value) }
    case .member(_, _, let arguments?):
      return arguments.map { LabeledChild(label: ValuePrinter.fieldLabel($0.label), value: $0.value) }
    default:
      return []
    }
  }
}
