import Foundation

/// The `Decoder` over one expression.
struct DecodingNode: Decoder {
  let expression: Expression
  let codingPath: [any CodingKey]
  let tracker: LabelTracker
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(try KeyedContainer<Key>(node: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    switch expression.kind {
    case .array(let elements):
      return UnkeyedContainer(elements: elements, codingPath: codingPath, tracker: tracker)
    case .dictionary(let entries):
      return UnkeyedContainer(elements: entries.flatMap { [$0.key, $0.value] }, codingPath: codingPath, tracker: tracker)
    default:
      throw CommandError("expected an array such as `[…]`, found \(expression.summary)", column: expression.column)
    }
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleContainer(node: self)
  }
}

extension DecodingNode {
  /// The labelled children of the expression as a keyed container sees them.
  enum KeyedShape {
    /// A struct literal or an argument list: label → value (unlabelled → `_0`, `_1`, …).
    case fields([(label: String, value: Expression)])
    /// An enum case: its name, and its arguments (empty when none).
    case enumCase(name: String, arguments: [Expression.Argument])
    case dictionary([(key: String, value: Expression)])
  }

  var keyedShape: KeyedShape? {
    switch expression.kind {
    case .member(let leadingDot, let path, let arguments):
      guard let last = path.last else { return nil }
      let isCase = leadingDot || last.first?.isLowercase == true || last.first == "_"
      if isCase {
        return .enumCase(name: last, arguments: arguments ?? [])
      }
      return .fields(Self.labeled(arguments ?? []))
    case .dictionary(let entries):
      var pairs: [(key: String, value: Expression)] = []
      for entry in entries {
        switch entry.key.kind {
        case .string(let key): pairs.append((key, entry.value))
        case .int(let key): pairs.append((String(key), entry.value))
        default: return nil
        }
      }
      return .dictionary(pairs)
    default:
      return nil
    }
  }

  static func labeled(_ arguments: [Expression.Argument]) -> [(label: String, value: Expression)] {
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
    let children: [(label: String, value: Expression)]
    let trackingList: Int?
    let caseArguments: [Expression.Argument]?
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
        children = [(name, node.expression)]
        caseArguments = arguments
        trackingList = nil
      case .dictionary(let entries):
        children = entries.map { (label: $0.key, value: $0.value) }
        caseArguments = nil
        trackingList = nil
      case nil:
        throw CommandError("expected \(Self.ownerName), found \(node.expression.summary)", column: node.expression.column)
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

    private func child(_ key: Key) throws -> Expression {
      guard let found = children.first(where: { $0.label == key.stringValue }) else {
        throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "missing"))
      }
      if let trackingList { node.tracker.markRead(key.stringValue, in: trackingList) }
      return found.value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
      if case .null = try child(key).kind { return true }
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
      let expression = try child(key)
      if let caseArguments {
        // The argument list of an enum case: a struct-like set of labels.
        let arguments = Expression(.member(leadingDot: false, path: ["Arguments"], arguments: caseArguments), column: expression.column)
        let nested = DecodingNode(expression: arguments, codingPath: codingPath + [key], tracker: node.tracker)
        return KeyedDecodingContainer(try KeyedContainer<NestedKey>(caseArgumentsOf: nested, caseName: key.stringValue, enumKey: Key.self))
      }
      return try DecodingNode(expression: expression, codingPath: codingPath + [key], tracker: node.tracker).container(keyedBy: type)
    }

    init(caseArgumentsOf node: DecodingNode, caseName: String, enumKey: Any.Type) throws {
      self.node = node
      guard case .fields(let fields) = node.keyedShape else {
        throw CommandError("expected arguments", column: node.expression.column)
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
        owner: "`.\(caseName)` of \(enumName)", labels: fields.map { ($0.label, $0.value.column) })
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try DecodingNode(expression: try child(key), codingPath: codingPath + [key], tracker: node.tracker).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { node }
    func superDecoder(forKey key: Key) throws -> any Decoder {
      DecodingNode(expression: try child(key), codingPath: codingPath + [key], tracker: node.tracker)
    }
  }

  struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [Expression]
    let codingPath: [any CodingKey]
    let tracker: LabelTracker
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> Expression {
      guard !isAtEnd else {
        throw DecodingError.valueNotFound(Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "too few elements"))
      }
      defer { currentIndex += 1 }
      return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
      guard !isAtEnd, case .null = elements[currentIndex].kind else { return false }
      currentIndex += 1
      return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      try ValueDecoder.decodeValue(type, from: try next(), codingPath: codingPath, tracker: tracker)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
      try DecodingNode(expression: try next(), codingPath: codingPath, tracker: tracker).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      try DecodingNode(expression: try next(), codingPath: codingPath, tracker: tracker).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
      DecodingNode(expression: try next(), codingPath: codingPath, tracker: tracker)
    }
  }

  struct SingleContainer: SingleValueDecodingContainer {
    let node: DecodingNode
    var codingPath: [any CodingKey] { node.codingPath }
    private var expression: Expression { node.expression }

    func decodeNil() -> Bool {
      if case .null = expression.kind { return true }
      return false
    }

    private func mismatch(_ expected: String) -> CommandError {
      CommandError("expected \(expected), found \(expression.summary)", column: expression.column)
    }

    func decode(_ type: Bool.Type) throws -> Bool {
      guard case .bool(let flag) = expression.kind else { throw mismatch("Bool (true or false)") }
      return flag
    }

    func decode(_ type: String.Type) throws -> String {
      guard case .string(let text) = expression.kind else { throw mismatch("a String in double quotes") }
      return text
    }

    func decode(_ type: Double.Type) throws -> Double {
      switch expression.kind {
      case .double(let number): return number
      case .int(let number): return Double(number)
      case .member(true, ["infinity"], nil): return .infinity
      case .member(true, ["nan"], nil): return .nan
      default: throw mismatch("Double")
      }
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    func decode(_ type: Int.Type) throws -> Int {
      guard case .int(let number) = expression.kind else { throw mismatch("Int") }
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
      try ValueDecoder.decodeValue(type, from: expression, codingPath: codingPath, tracker: node.tracker)
    }
  }
}
