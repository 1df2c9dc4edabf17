import Foundation

/// Prints `Value`s the way Swift writes them, so that whatever the shell prints can be pasted
/// back as input. Dictionaries print sorted by key; output is byte-for-byte deterministic.
package enum ValuePrinter {
  /// The widest line `pretty` keeps on one line before it breaks a value over several.
  package static let lineWidth = 100

  /// The value on one line.
  package static func singleLine(_ value: Value) -> String {
    var output = ""
    write(value, to: &output)
    return output
  }

  /// The value over as many lines as it needs, each at most about `lineWidth` wide.
  package static func pretty(_ value: Value, indent: Int = 0) -> [String] {
    var lines: [String] = []
    appendPretty(value, prefix: "", suffix: "", indent: indent, to: &lines)
    return lines
  }

  /// Appends the lines of `prefix + value + suffix`, indented by `indent` spaces.
  static func appendPretty(_ value: Value, prefix: String, suffix: String, indent: Int, to lines: inout [String]) {
    let padding = String(repeating: " ", count: indent)
    let flat = singleLine(value)
    if padding.count + prefix.count + flat.count + suffix.count <= lineWidth || !value.hasChildren {
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

  static func write(_ value: Value, to output: inout String) {
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
      output += "\\." + components.joined(separator: ".")
    case .opaque(let placeholder):
      output += placeholder
    case .array, .dictionary, .enumCase, .structure:
      if case .enumCase(_, let name, nil) = value {
        output += "." + name
        return
      }
      let (open, close) = value.brackets
      output += open
      for (index, child) in value.children.enumerated() {
        if index > 0 { output += ", " }
        output += child.label
        write(child.value, to: &output)
      }
      output += close
    }
  }

  static func writeQuoted(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\0": output += "\\0"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          output += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }

  /// Swift's own spelling of a `Double`, always with a fraction or exponent so it reads back as one.
  static func format(_ number: Double) -> String {
    if number.isNaN { return ".nan" }
    if number.isInfinite { return number < 0 ? "-.infinity" : ".infinity" }
    let text = number.description
    return text.contains(where: { $0 == "." || $0 == "e" }) ? text : text + ".0"
  }

  /// ISO 8601 in UTC, with milliseconds only when there are some.
  static func format(_ date: Date) -> String {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    let wholeSeconds = (milliseconds / 1000).rounded(.down)
    let fraction = Int(milliseconds - wholeSeconds * 1000)
    let seconds = Int(wholeSeconds)
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    var text = String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    if fraction != 0 {
      text += String(format: ".%03d", fraction)
    }
    return text + "Z"
  }
}

/// A child of a composite value together with the text that introduces it (`label: `, `"key": `).
struct LabeledChild {
  let label: String
  let value: Value
}

extension Value {
  var hasChildren: Bool {
    switch self {
    case .array(let elements): !elements.isEmpty
    case .dictionary(let entries): !entries.isEmpty
    case .structure(_, let fields): !fields.isEmpty
    case .enumCase(_, _, let arguments): !(arguments ?? []).isEmpty
    default: false
    }
  }

  /// The opening and closing text of a composite value.
  var brackets: (open: String, close: String) {
    switch self {
    case .array: ("[", "]")
    case .dictionary(let entries): entries.isEmpty ? ("[:", "]") : ("[", "]")
    case .structure(let typeName, _): (typeName + "(", ")")
    case .enumCase(_, let name, _): ("." + name + "(", ")")
    default: ("", "")
    }
  }

  /// The children in printing order: struct fields and case arguments as declared, dictionary entries by key.
  var children: [LabeledChild] {
    switch self {
    case .array(let elements):
      return elements.map { LabeledChild(label: "", value: $0) }
    case .dictionary(let entries):
      return Value.sortedEntries(entries).map { LabeledChild(label: ValuePrinter.singleLine($0.key) + ": ", value: $0.value) }
    case .structure(_, let fields), .enumCase(_, _, let fields?):
      return fields.map { LabeledChild(label: $0.isUnlabeled ? "" : $0.label + ": ", value: $0.value) }
    default:
      return []
    }
  }
}

extension Expression {
  /// The expression written back as source text.
  var sourceText: String {
    switch kind {
    case .string(let text):
      var quoted = ""
      ValuePrinter.writeQuoted(text, to: &quoted)
      return quoted
    case .int(let number): return String(number)
    case .double(let number): return ValuePrinter.format(number)
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "nil"
    case .array(let elements): return "[" + elements.map(\.sourceText).joined(separator: ", ") + "]"
    case .dictionary(let entries):
      return entries.isEmpty ? "[:]" : "[" + entries.map { $0.key.sourceText + ": " + $0.value.sourceText }.joined(separator: ", ") + "]"
    case .member(let leadingDot, let path, let arguments):
      var text = (leadingDot ? "." : "") + path.joined(separator: ".")
      if let arguments {
        text += "(" + arguments.map { ($0.label.map { $0 + ": " } ?? "") + $0.value.sourceText }.joined(separator: ", ") + ")"
      }
      return text
    case .keyPath(let path): return "\\." + path.joined(separator: ".")
    }
  }
}

extension Expression {
  /// A short description for error messages: what the user wrote, on one line.
  var summary: String {
    switch kind {
    case .string:
      let quoted = sourceText
      return quoted.count > 40 ? String(quoted.prefix(37)) + "…\"" : quoted
    case .array: return "an array"
    case .dictionary: return "a dictionary"
    case .member(let leadingDot, let path, let arguments):
      return (leadingDot ? "." : "") + path.joined(separator: ".") + (arguments == nil ? "" : "(…)")
    case .int, .double, .bool, .null, .keyPath:
      return sourceText
    }
  }
}
