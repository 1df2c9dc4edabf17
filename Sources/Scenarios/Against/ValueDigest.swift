import StateValues
/// A 64-bit digest of a value, the same in every process for the same value: FNV-1a over each
/// case's tag and contents, in the order the value holds them (an encoded dictionary holds its
/// entries in the canonical order). Two values that are equal have the same digest; `explore
/// --against` compares digests first and asks for the states only when they differ.
enum ValueDigest {
  /// The digest of `value`.
  static func of(_ value: Value) -> UInt64 {
    var digest = Digest()
    digest.add(value)
    return digest.value
  }

  private struct Digest {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(byte: UInt8) {
      value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    mutating func add(_ number: UInt64) {
      for shift in stride(from: 0, to: 64, by: 8) { add(byte: UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
    }

    mutating func add(_ text: String) {
      add(UInt64(text.utf8.count))
      for byte in text.utf8 { add(byte: byte) }
    }

    mutating func add(_ fields: [Field]) {
      add(UInt64(fields.count))
      for field in fields {
        add(field.label)
        add(field.value)
      }
    }

    mutating func add(_ value: Value) {
      switch value {
      case .string(let text): add(byte: 1); add(text)
      case .int(let number): add(byte: 2); add(UInt64(bitPattern: Int64(number)))
      case .double(let number): add(byte: 3); add(number.bitPattern)
      case .bool(let flag): add(byte: 4); add(byte: flag ? 1 : 0)
      case .null: add(byte: 5)
      case .date(let date): add(byte: 6); add(date.timeIntervalSinceReferenceDate.bitPattern)
      case .array(let elements):
        add(byte: 7); add(UInt64(elements.count))
        for element in elements { add(element) }
      case .dictionary(let entries):
        add(byte: 8); add(UInt64(entries.count))
        for entry in entries {
          add(entry.key)
          add(entry.value)
        }
      case .enumCase(let typeName, let name, let arguments):
        add(byte: 9); add(typeName ?? ""); add(name)
        if let arguments { add(byte: 1); add(arguments) } else { add(byte: 0) }
      case .structure(let typeName, let fields): add(byte: 10); add(typeName); add(fields)
      case .keyPath(let path):
        add(byte: 11); add(UInt64(path.count))
        for component in path { add(component) }
      case .opaque(let placeholder): add(byte: 12); add(placeholder)
      case .member(let leadingDot, let path, let arguments):
        add(byte: 13); add(byte: leadingDot ? 1 : 0); add(UInt64(path.count))
        for component in path { add(component) }
        add(UInt64(arguments?.count ?? 0))
        for argument in arguments ?? [] {
          add(argument.label ?? "")
          add(argument.value)
        }
      }
    }
  }
}
