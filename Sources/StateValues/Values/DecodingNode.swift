import Foundation

/// The `Decoder` over one typed value.
struct DecodingNode: Decoder {
  let parsed: ParsedValue
  let codingPath: [any CodingKey]
  let tracker: LabelTracker
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(try KeyedContainer<Key>(node: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    switch parsed.value {
    case .array, .dictionary:
      // A dictionary reads as its keys and values alternating, as Codable writes non-string keys.
      return UnkeyedContainer(elements: parsed.parts, codingPath: codingPath, tracker: tracker)
    default:
      throw CommandError("expected an array such as `[…]`, found \(parsed.summary)", column: parsed.column)
    }
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleContainer(node: self)
  }
}

extension DecodingNode {
  /// The labelled children of the value as a keyed container sees them.
  enum KeyedShape {
    /// A struct literal or an argument list: label → value (unlabelled → `_0`, `_1`, …).
    case fields([(label: String, value: ParsedValue)])
    /// An enum case: its name, and its arguments (empty when none).
    case enumCase(name: String, arguments: [ParsedValue.Argument])
    case dictionary([(key: String, value: ParsedValue)])
  }

  var keyedShape: KeyedShape? {
    switch parsed.value {
    case .member(let leadingDot, let path, _):
      guard let last = path.last else { return nil }
      let isCase = leadingDot || last.first?.isLowercase == true || last.first == "_"
      if isCase {
        return .enumCase(name: last, arguments: parsed.arguments ?? [])
      }
      return .fields(Self.labeled(parsed.arguments ?? []))
    case .dictionary:
      let parts = parsed.parts
      var pairs: [(key: String, value: ParsedValue)] = []
      for index in stride(from: 0, to: parts.count, by: 2) {
        switch parts[index].value {
        case .string(let key): pairs.append((key, parts[index + 1]))
        case .int(let key): pairs.append((String(key), parts[index + 1]))
        default: return nil
        }
      }
      return .dictionary(pairs)
    default:
      return nil
    }
  }

  static func labeled(_ arguments: [ParsedValue.Argument]) -> [(label: String, value: ParsedValue)] {
    var unlabeledIndex = 0
    return arguments.map { argument in
      if let label = argument.label {
        return (label, argument.value)
      }
      defer { unlabeledIndex += 1 }
      return ("_\(unlabeledIndex)", argument.value)
    }
  }
}

extension DecodingNode {
  struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let node: DecodingNode
    let children: [(label: String, value: ParsedValue)]
    let trackingList: Int?
    let caseArguments: [ParsedValue.Argument]?
    var codingPath: [any CodingKey] { node.codingPath }

    init(node: DecodingNode) throws {
      self.node = node
      switch node.keyedShape {
      case .fields(let fields):
        children = fields
        caseArguments = nil
        trackingList = node.tracker.register(
          owner: Self.ownerName, labels: fields.map { ($0.label, $0.value.column) })
      case .enumCase(let name, let arguments):
        children = [(name, node.parsed)]
        caseArguments = arguments
        trackingList = nil
      case .dictionary(let entries):
        children = entries.map { (label: $0.key, value: $0.value) }
        caseArguments = nil
        trackingList = nil
      case nil:
        throw CommandError("expected \(Self.ownerName), found \(node.parsed.summary)", column: node.parsed.column)
      }
    }

    private static var ownerName: String {
      let name = TypeInfo.displayName(of: Key.self)
      return name.hasSuffix(".CodingKeys") ? String(name.dropLast(".CodingKeys".count)) : "a value with labels"
    }

    var allKeys: [Key] { children.compactMap { Key(stringValue: $0.label) } }

    func contains(_ key: Key) -> Bool {
      children.contains { $0.label == key.stringValue }
    }

    private func child(_ key: Key) throws -> ParsedValue {
      guard let found = children.first(where: { $0.label == key.stringValue }) else {
        throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "missing"))
      }
      if let trackingList { node.tracker.markRead(key.stringValue, in: trackingList) }
      return found.value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
      if case .null = try child(key).value { return true }
      return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try ValueDecoder.decodeValue(type, from: try child(key), codingPath: codingPath + [key], tracker: node.tracker)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
      guard contains(key), try !decodeNil(forKey: key) else {
        if contains(key), let trackingList { node.tracker.markRead(key.stringValue, in: trackingList) }
        return nil
      }
      return try decode(type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
      let value = try child(key)
      if let caseArguments {
        // The argument list of an enum case: a struct-like set of labels.
        let arguments = ParsedValue.member(leadingDot: false, path: ["Arguments"], arguments: caseArguments, column: value.column)
        let nested = DecodingNode(parsed: arguments, codingPath: codingPath + [key], tracker: node.tracker)
        return KeyedDecodingContainer(try KeyedContainer<NestedKey>(caseArgumentsOf: nested, caseName: key.stringValue, enumKey: Key.self))
      }
      return try DecodingNode(parsed: value, codingPath: codingPath + [key], tracker: node.tracker).container(keyedBy: type)
    }

    init(caseArgumentsOf node: DecodingNode, caseName: String, enumKey: Any.Type) throws {
      self.node = node
      guard case .fields(let fields) = node.keyedShape else {
        throw CommandError("expected arguments", column: node.parsed.column)
      }
      children = fields
      caseArguments = nil
      guard !fields.isEmpty else {
        trackingList = nil
        return
      }
      var enumName = TypeInfo.displayName(of: enumKey)
      if enumName.hasSuffix(".CodingKeys") { enumName.removeLast(".CodingKeys".count) }
      trackingList = node.tracker.register(
        owner: "`\(ValuePrinter.caseName(caseName))` of \(enumName)", labels: fields.map { ($0.label, $0.value.column) })
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try DecodingNode(parsed: try child(key), codingPath: codingPath + [key], tracker: node.tracker).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { node }
    func superDecoder(forKey key: Key) throws -> any Decoder {
      DecodingNode(parsed: try child(key), codingPath: codingPath + [key], tracker: node.tracker)
    }
  }

  struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [ParsedValue]
    let codingPath: [any CodingKey]
    let tracker: LabelTracker
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> ParsedValue {
      guard !isAtEnd else {
        throw DecodingError.valueNotFound(Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "too few elements"))
      }
      defer { currentIndex += 1 }
      return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
      guard !isAtEnd, case .null = elements[currentIndex].value else { return false }
      currentIndex += 1
      return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      try ValueDecoder.decodeValue(type, from: try next(), codingPath: codingPath, tracker: tracker)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
      try DecodingNode(parsed: try next(), codingPath: codingPath, tracker: tracker).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      try DecodingNode(parsed: try next(), codingPath: codingPath, tracker: tracker).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
      DecodingNode(parsed: try next(), codingPath: codingPath, tracker: tracker)
    }
  }

  struct SingleContainer: SingleValueDecodingContainer {
    let node: DecodingNode
    var codingPath: [any CodingKey] { node.codingPath }
    private var parsed: ParsedValue { node.parsed }

    func decodeNil() -> Bool {
      if case .null = parsed.value { return true }
      return false
    }

    private func mismatch(_ expected: String) -> CommandError {
      CommandError("expected \(expected), found \(parsed.summary)", column: parsed.column)
    }

    func decode(_ type: Bool.Type) throws -> Bool {
      guard case .bool(let flag) = parsed.value else { throw mismatch("Bool (true or false)") }
      return flag
    }

    func decode(_ type: String.Type) throws -> String {
      guard case .string(let text) = parsed.value else { throw mismatch("a String in double quotes") }
      return text
    }

    func decode(_ type: Double.Type) throws -> Double {
      switch parsed.value {
      case .double(let number): return number
      case .int(let number): return Double(number)
      case .member(true, ["infinity"], nil): return .infinity
      case .member(true, ["nan"], nil): return .nan
      default: throw mismatch("Double")
      }
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    func decode(_ type: Int.Type) throws -> Int {
      guard case .int(let number) = parsed.value else { throw mismatch("Int") }
      return number
    }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
      guard let value = I(exactly: try decode(Int.self)) else { throw mismatch("\(I.self) in range") }
      return value
    }

    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      try ValueDecoder.decodeValue(type, from: parsed, codingPath: codingPath, tracker: node.tracker)
    }
  }
}
