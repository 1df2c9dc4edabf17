/// Whether a struct encodes as exactly its stored properties, in order, found by recording the
/// keys its `encode(to:)` writes at the top level without encoding what is under them — so the
/// check costs nothing for large values. Nil optional properties are left out by synthesized
/// encoding, so they are left out of the comparison too.
package enum TopLevelKeys {
  /// The stored property labels when the encoding writes exactly those keys; nil otherwise.
  package static func storedProperties(of value: any Encodable, mirror: Mirror) -> [String]? {
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
    package var codingPath: [any CodingKey] { [] }
    package var userInfo: [CodingUserInfoKey: Any] { [:] }
    package var keys: [String] = []
    package var isKeyed = false

    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      isKeyed = true
      return KeyedEncodingContainer(Keys<Key>(probe: self))
    }

    package func unkeyedContainer() -> any UnkeyedEncodingContainer { Ignored() }
    package func singleValueContainer() -> any SingleValueEncodingContainer { Ignored() }
  }

  private struct Keys<Key: CodingKey>: KeyedEncodingContainerProtocol {
    package let probe: Probe
    package var codingPath: [any CodingKey] { [] }

    package mutating func encodeNil(forKey key: Key) throws { probe.keys.append(key.stringValue) }
    package mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { probe.keys.append(key.stringValue) }
    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
      probe.keys.append(key.stringValue)
      return KeyedEncodingContainer(Keys<NestedKey>(probe: Probe()))
    }
    package mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      probe.keys.append(key.stringValue)
      return Ignored()
    }
    package mutating func superEncoder() -> any Encoder { Probe() }
    package mutating func superEncoder(forKey key: Key) -> any Encoder {
      probe.keys.append(key.stringValue)
      return Probe()
    }
  }

  /// Swallows everything written below the top level.
  private struct Ignored: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    package var codingPath: [any CodingKey] { [] }
    package var count: Int { 0 }
    package mutating func encodeNil() throws {}
    package mutating func encode<T: Encodable>(_ value: T) throws {}
    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
      KeyedEncodingContainer(Keys<NestedKey>(probe: Probe()))
    }
    package mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Ignored() }
    package mutating func superEncoder() -> any Encoder { Probe() }
  }
}
