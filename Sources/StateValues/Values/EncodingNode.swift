import Foundation

/// The `Encoder` behind `ValueEncoder`: one node per encoded value, turned into a `Value` at the end.
final class EncodingNode: Encoder {
  enum Content {
    case empty
    case single(Value)
    case keyed([(key: any CodingKey, slot: Slot)])
    case unkeyed([Slot])
  }

  /// A child that is either finished or a nested encoder still being written.
  enum Slot {
    case value(Value)
    case node(EncodingNode)

    var value: Value {
      switch self {
      case .value(let value): value
      case .node(let node): node.value(as: nil)
      }
    }
  }

  /// The encoder whose rules the values under this node are encoded by.
  let encoder: ValueEncoder
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  var content: Content = .empty

  init(encoder: ValueEncoder, codingPath: [any CodingKey]) {
    self.encoder = encoder
    self.codingPath = codingPath
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .keyed = content {} else { content = .keyed([]) }
    return KeyedEncodingContainer(KeyedContainer<Key>(node: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .unkeyed = content {} else { content = .unkeyed([]) }
    return UnkeyedContainer(node: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(node: self)
  }

  // Each append takes the array out of `content` first, so that appending does not copy it.
  func append(_ slot: Slot, forKey key: any CodingKey) {
    if case .keyed(var fields) = content {
      content = .empty
      fields.append((key, slot))
      content = .keyed(fields)
    }
  }

  func append(_ slot: Slot) {
    if case .unkeyed(var elements) = content {
      content = .empty
      elements.append(slot)
      content = .unkeyed(elements)
    }
  }

  /// The finished value; `info` says whether keyed content is an enum, a dictionary or a struct,
  /// and whether unkeyed content is a set's, whose elements (as a dictionary's entries) are put
  /// in the canonical order.
  func value(as info: TypeInfo?) -> Value {
    switch content {
    case .empty:
      return info.map { .structure(typeName: $0.name, fields: []) } ?? .null
    case .single(let value):
      return value
    case .unkeyed(let slots):
      let elements = slots.map(\.value)
      switch info?.kind {
      case .dictionary?:
        let pairs = stride(from: 0, to: elements.count - 1, by: 2).map { Entry(elements[$0], elements[$0 + 1]) }
        return .dictionary(Value.sortedEntries(pairs))
      case .set?:
        return .array(Value.canonicallyOrdered(elements))
      default:
        return .array(elements)
      }
    case .keyed(let fields):
      switch info?.kind {
      case .enumeration?:
        guard fields.count == 1, let only = fields.first else { break }
        var arguments: [Field]?
        if case .structure(_, let payload) = only.slot.value, !payload.isEmpty {
          arguments = payload
        }
        return .enumCase(typeName: info?.name, name: only.key.stringValue, arguments: arguments)
      case .dictionary(let stringKeys)?:
        return .dictionary(Value.sortedEntries(fields.map { field in
          let key = stringKeys ? nil : field.key.intValue.map(Value.int)
          return Entry(key ?? .string(field.key.stringValue), field.slot.value)
        }))
      default:
        break
      }
      var encoded = fields.map { Field($0.key.stringValue, $0.slot.value) }
      if let order = info?.fieldOrder, order.count > encoded.count {
        let byLabel = Dictionary(encoded.map { ($0.label, $0.value) }, uniquingKeysWith: { first, _ in first })
        encoded = order.map { Field($0, byLabel[$0] ?? .null) }
      }
      return .structure(typeName: info?.name ?? "", fields: encoded)
    }
  }
}

extension EncodingNode {
  struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    var codingPath: [any CodingKey] { node.codingPath }

    mutating func encodeNil(forKey key: Key) throws { node.append(.value(.null), forKey: key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      node.append(.value(try node.encoder.encode(value, codingPath: codingPath + [key])), forKey: key)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      let child = EncodingNode(encoder: node.encoder, codingPath: codingPath + [key])
      node.append(.node(child), forKey: key)
      return child.container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      let child = EncodingNode(encoder: node.encoder, codingPath: codingPath + [key])
      node.append(.node(child), forKey: key)
      return child.unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
      superEncoder(forKey: Key(stringValue: "super") ?? Key(intValue: 0)!)
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
      let child = EncodingNode(encoder: node.encoder, codingPath: codingPath + [key])
      node.append(.node(child), forKey: key)
      return child
    }
  }

  struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int {
      if case .unkeyed(let elements) = node.content { return elements.count }
      return 0
    }

    mutating func encodeNil() throws { node.append(.value(.null)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
      node.append(.value(try node.encoder.encode(value, codingPath: codingPath)))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
      let child = EncodingNode(encoder: node.encoder, codingPath: codingPath)
      node.append(.node(child))
      return child.container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let child = EncodingNode(encoder: node.encoder, codingPath: codingPath)
      node.append(.node(child))
      return child.unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
      let child = EncodingNode(encoder: node.encoder, codingPath: codingPath)
      node.append(.node(child))
      return child
    }
  }

  struct SingleContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    var codingPath: [any CodingKey] { node.codingPath }

    mutating func encodeNil() throws { node.content = .single(.null) }
    mutating func encode(_ value: Bool) throws { node.content = .single(.bool(value)) }
    mutating func encode(_ value: String) throws { node.content = .single(.string(value)) }
    mutating func encode(_ value: Double) throws { node.content = .single(.double(value)) }
    mutating func encode(_ value: Float) throws { node.content = .single(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { node.content = .single(.int(value)) }
    mutating func encode(_ value: Int8) throws { try encodeInteger(value) }
    mutating func encode(_ value: Int16) throws { try encodeInteger(value) }
    mutating func encode(_ value: Int32) throws { try encodeInteger(value) }
    mutating func encode(_ value: Int64) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt8) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt16) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt32) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt64) throws { try encodeInteger(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
      node.content = .single(try node.encoder.encode(value, codingPath: codingPath))
    }

    private mutating func encodeInteger(_ value: some BinaryInteger) throws {
      node.content = .single(Int(exactly: value).map(Value.int) ?? .double(Double(value)))
    }
  }
}
