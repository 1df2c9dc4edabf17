/// Whether a struct encodes as exactly its stored properties, in order, found by recording the
/// keys its `encode(to:)` writes at the top level without encoding what is under them — so the
/// check costs nothing for large values. Nil optional properties are left out by synthesized
/// encoding, so they are left out of the comparison too.
enum TopLevelKeys {
  /// The stored property labels when the encoding writes exactly those keys; nil otherwise.
  static func storedProperties(of value: any Encodable, mirror: Mirror) -> [String]? {
    let probe = Probe()
    guard (try? value.encode(to: probe)) != nil, probe.isKeyed else { return nil }
    var labels: [String] = []
    var written: [String] = []
    for child in mirror.children {
      guard let label = child.label else { return nil }
      labels.append(label)
      let childMirror = Mirror(reflecting: child.value)
      if childMirror.displayStyle == .optional, childMirror.children.isEmpty { continue }
      written.append(label)
    }
    return probe.keys == written ? labels : nil
  }

  /// An `Encoder` that records the keys of its top-level keyed container and nothing below them.
  private final class Probe: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var keys: [String] = []
    var isKeyed = false

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      isKeyed = true
      return KeyedEncodingContainer(Keys<Key>(probe: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { Ignored() }
    func singleValueContainer() -> any SingleValueEncodingContainer { Ignored() }
  }

  private struct Keys<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let probe: Probe
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { probe.keys.append(key.stringValue) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { probe.keys.append(key.stringValue) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
      probe.keys.append(key.stringValue)
      return KeyedEncodingContainer(Keys<NestedKey>(probe: Probe()))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      probe.keys.append(key.stringValue)
      return Ignored()
    }
    mutating func superEncoder() -> any Encoder { Probe() }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
      probe.keys.append(key.stringValue)
      return Probe()
    }
  }

  /// Swallows everything written below the top level.
  private struct Ignored: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
      KeyedEncodingContainer(Keys<NestedKey>(probe: Probe()))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Ignored() }
    mutating func superEncoder() -> any Encoder { Probe() }
  }
}
