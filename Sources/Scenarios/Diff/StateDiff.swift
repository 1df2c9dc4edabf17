import HashTreeCollections
import Synchronization

/// The diff of two states, computed on the Swift values themselves: equal parts are recognised
/// with `==` (which `TreeDictionary` answers quickly for shared structure) and never encoded, so a
/// dispatch that changes one element of a large dictionary costs one pass over its keys and the
/// encoding of that element only. Prints exactly what `ValueDiff` prints for the encoded values.
public struct StateDiff: Sendable {
  /// The domain's specialized dictionary comparisons, by dictionary type.
  private let specialized: [ObjectIdentifier: @Sendable (Any, Any) throws(CommandError) -> DictionaryChanges?]

  /// A diff that compares the dictionary types named in `specializations` with code specialized for them.
  public init(specializations: [DiffSpecialization] = []) {
    self.specialized = Dictionary(specializations.map { ($0.dictionaryType, $0.changes) }, uniquingKeysWith: { _, last in last })
  }

  /// The diff lines, or an empty array when the states are equal.
  public func lines<State: Encodable>(from old: State, to new: State) throws(CommandError) -> [OutputLine] {
    if try Self.areEqual(old, new) { return [] }
    var lines: [OutputLine] = []
    try appendDiff(old, new, prefix: "", suffix: "", indent: 2, to: &lines)
    return lines
  }

  /// The changes between two dictionaries: specialized code if the domain named their type, generic code otherwise.
  private func dictionaryChanges(from old: Any, to new: Any) throws(CommandError) -> DictionaryChanges? {
    if let specialized = specialized[ObjectIdentifier(type(of: new))] {
      return try specialized(old, new)
    }
    return try (new as? any DiffableDictionary)?.changes(since: old)
  }

  private func appendDiff(_ old: Any, _ new: Any, prefix: String, suffix: String, indent: Int, to lines: inout [OutputLine]) throws(CommandError) {
    switch Shape.of(new) {
    case .dictionary:
      if let changes = try dictionaryChanges(from: old, to: new), changes.oldCount > 0, changes.newCount > 0 {
        try appendDictionary(changes, prefix: prefix, suffix: suffix, indent: indent, to: &lines)
        return
      }
    case .structure(let typeName, let labels):
      try appendStructure(old, new, typeName: typeName, labels: labels, prefix: prefix, suffix: suffix, indent: indent, to: &lines)
      return
    case .leaf:
      break
    }
    ValueDiff.appendDiff(try Self.encode(old), try Self.encode(new), prefix: prefix, suffix: suffix, indent: indent, to: &lines)
  }

  private func appendStructure(
    _ old: Any, _ new: Any, typeName: String, labels: [String], prefix: String, suffix: String, indent: Int,
    to lines: inout [OutputLine]
  ) throws(CommandError) {
    let oldChildren = Mirror(reflecting: old).children.map(\.value)
    let newChildren = Mirror(reflecting: new).children.map(\.value)
    guard oldChildren.count == labels.count, newChildren.count == labels.count else {
      ValueDiff.appendDiff(try Self.encode(old), try Self.encode(new), prefix: prefix, suffix: suffix, indent: indent, to: &lines)
      return
    }
    let padding = String(repeating: " ", count: indent)
    lines.append(OutputLine(.plain, padding + prefix + typeName + "("))
    var unchanged = 0
    for index in labels.indices {
      if try Self.areEqual(oldChildren[index], newChildren[index]) {
        unchanged += 1
        continue
      }
      Self.flush(&unchanged, padding: padding, to: &lines)
      let comma = index == labels.count - 1 ? "" : ","
      try appendDiff(oldChildren[index], newChildren[index], prefix: labels[index] + ": ", suffix: comma, indent: indent + 2, to: &lines)
    }
    Self.flush(&unchanged, padding: padding, to: &lines)
    lines.append(OutputLine(.plain, padding + ")" + suffix))
  }

  private func appendDictionary(_ changes: DictionaryChanges, prefix: String, suffix: String, indent: Int, to lines: inout [OutputLine]) throws(CommandError) {
    let padding = String(repeating: " ", count: indent)
    lines.append(OutputLine(.plain, padding + prefix + "["))
    let total = changes.changes.count + changes.unchangedBefore.reduce(changes.unchangedAfter, +)
    var position = 0
    for (index, change) in changes.changes.enumerated() {
      var unchanged = changes.unchangedBefore[index]
      Self.flush(&unchanged, padding: padding, to: &lines)
      position += changes.unchangedBefore[index] + 1
      let comma = position == total ? "" : ","
      let label = ValuePrinter.singleLine(change.key) + ": "
      switch (change.old, change.new) {
      case (let before?, let after?):
        try appendDiff(before, after, prefix: label, suffix: comma, indent: indent + 2, to: &lines)
      case (let before?, nil):
        ValueDiff.appendWhole(try Self.encode(before), kind: .removed, prefix: label, suffix: comma, indent: indent + 2, to: &lines)
      case (nil, let after?):
        ValueDiff.appendWhole(try Self.encode(after), kind: .added, prefix: label, suffix: comma, indent: indent + 2, to: &lines)
      case (nil, nil):
        break
      }
    }
    var trailing = changes.unchangedAfter
    Self.flush(&trailing, padding: padding, to: &lines)
    lines.append(OutputLine(.plain, padding + "]" + suffix))
  }

  private static func flush(_ unchanged: inout Int, padding: String, to lines: inout [OutputLine]) {
    if unchanged > 0 {
      lines.append(OutputLine(.plain, padding + "  … (\(unchanged) unchanged)"))
      unchanged = 0
    }
  }

  /// Whether two values are equal: by `==` when the type is `Equatable`, else by their encodings.
  static func areEqual(_ a: Any, _ b: Any) throws(CommandError) -> Bool {
    if let equatable = a as? any Equatable {
      return equatable.isEqual(to: b)
    }
    return try encode(a) == encode(b)
  }

  /// The value encoded for printing; a value that is not `Encodable` is an error naming its type.
  static func encode(_ value: Any) throws(CommandError) -> Value {
    guard let encodable = value as? any Encodable else {
      throw CommandError("cannot show a value of type \(TypeInfo.displayName(of: type(of: value))): it is not Encodable")
    }
    return try ValueEncoder.encodeForShell(encodable)
  }
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// The changed entries of a dictionary, sorted by key, and how many unchanged entries lie
/// before each of them (and after the last) in key order.
struct DictionaryChanges {
  /// One key whose value was added, removed or replaced.
  struct Change {
    let key: Value
    let old: Any?
    let new: Any?
  }

  let changes: [Change]
  let unchangedBefore: [Int]
  let unchangedAfter: Int
  let oldCount: Int
  let newCount: Int
}

/// Compiled code for comparing one concrete dictionary type. Through `any DiffableDictionary` the
/// comparison runs as unspecialized generic code, several times slower per entry; a domain names
/// the dictionary types of its state (`.treeDictionary(Quake.ID.self, Quake.self)`) so that their
/// comparison is specialized for those types.
public struct DiffSpecialization: Sendable {
  let dictionaryType: ObjectIdentifier
  let changes: @Sendable (_ old: Any, _ new: Any) throws(CommandError) -> DictionaryChanges?

  /// Specialized comparison of `TreeDictionary<Key, Value>` states.
  public static func treeDictionary<Key: Hashable & Encodable & Sendable, Value: Equatable & Sendable>(
    _ key: Key.Type, _ value: Value.Type
  ) -> DiffSpecialization {
    DiffSpecialization(dictionaryType: ObjectIdentifier(TreeDictionary<Key, Value>.self)) { old, new throws(CommandError) in
      try (new as? TreeDictionary<Key, Value>)?.changes(since: old)
    }
  }

}

/// A dictionary type `StateDiff` can compare entry by entry.
protocol DiffableDictionary {
  /// The changes from `old` (a dictionary of the same type) to this one; nil for another type.
  func changes(since old: Any) throws(CommandError) -> DictionaryChanges?
}

extension DiffableDictionary {
  /// The changes given the changed entries, with the unchanged keys of the new dictionary counted
  /// between them in key order.
  fileprivate static func changes<Key: Hashable & Encodable, Element>(
    _ changed: [(key: Key, old: Element?, new: Element?)], newKeys: some Sequence<Key>, oldCount: Int, newCount: Int
  ) throws(CommandError) -> DictionaryChanges {
    let sortKey = sortKeyFunction(Key.self)
    var sortKeys: [String] = []
    sortKeys.reserveCapacity(changed.count)
    for change in changed { sortKeys.append(try sortKey(change.key)) }
    let order = changed.indices.sorted { sortKeys[$0] < sortKeys[$1] }
    let sortedKeys = order.map { sortKeys[$0] }
    var buckets = Array(repeating: 0, count: changed.count + 1)
    if !changed.isEmpty {
      let changedKeys = Set(changed.map(\.key))
      for key in newKeys where !changedKeys.contains(key) {
        let keyText = try sortKey(key)
        var low = 0
        var high = sortedKeys.count
        while low < high {
          let middle = (low + high) / 2
          if sortedKeys[middle] < keyText { low = middle + 1 } else { high = middle }
        }
        buckets[low] += 1
      }
    } else {
      buckets[0] = newCount
    }
    var changes: [DictionaryChanges.Change] = []
    changes.reserveCapacity(order.count)
    for index in order {
      let change = changed[index]
      changes.append(DictionaryChanges.Change(key: try encodedKey(change.key), old: change.old, new: change.new))
    }
    return DictionaryChanges(
      changes: changes,
      unchangedBefore: Array(buckets.dropLast()), unchangedAfter: buckets[changed.count], oldCount: oldCount,
      newCount: newCount)
  }

  /// The added, removed and replaced entries, found by looking every key up in the other dictionary.
  fileprivate static func changedByLookup<Key: Hashable, Element: Equatable>(
    old: some Sequence<(key: Key, value: Element)>, oldCount: Int, oldLookup: (Key) -> Element?,
    new: some Sequence<(key: Key, value: Element)>, newCount: Int, newLookup: (Key) -> Element?
  ) -> [(key: Key, old: Element?, new: Element?)] {
    var changed: [(key: Key, old: Element?, new: Element?)] = []
    var added = 0
    for (key, value) in new {
      if let previous = oldLookup(key) {
        if previous != value { changed.append((key, previous, value)) }
      } else {
        changed.append((key, nil, value))
        added += 1
      }
    }
    if oldCount > newCount - added {
      for (key, value) in old where newLookup(key) == nil {
        changed.append((key, value, nil))
      }
    }
    return changed
  }

  private static func encodedKey<Key: Encodable>(_ key: Key) throws(CommandError) -> Value {
    if let text = key as? String { return .string(text) }
    return try ValueEncoder.encodeForShell(key)
  }

  /// How keys order in the output; for `String` keys the string itself, without a cast per key.
  private static func sortKeyFunction<Key: Encodable>(_ type: Key.Type) -> (Key) throws(CommandError) -> String {
    if Key.self == String.self {
      return { unsafeBitCast($0, to: String.self) }
    }
    return { key throws(CommandError) in try encodedKey(key).sortKey }
  }
}

extension TreeDictionary: DiffableDictionary where Key: Encodable, Value: Equatable {
  func changes(since old: Any) throws(CommandError) -> DictionaryChanges? {
    guard let old = old as? Self else { return nil }
    let changed = Self.changedInStep(old: old, new: self)
      ?? Self.changedByLookup(
        old: old.lazy.map { (key: $0.key, value: $0.value) }, oldCount: old.count, oldLookup: { old[$0] },
        new: self.lazy.map { (key: $0.key, value: $0.value) }, newCount: count, newLookup: { self[$0] })
    return try Self.changes(changed, newKeys: keys, oldCount: old.count, newCount: count)
  }

  /// Walks both dictionaries side by side: a dictionary derived from another keeps the order of the
  /// keys they share, so most entries are compared without a lookup. Nil when the orders disagree.
  /// Keys and values are walked with their own iterators: in this generic code, (key, value) tuples
  /// would cost a type-metadata lookup per entry.
  private static func changedInStep(old: Self, new: Self) -> [(key: Key, old: Value?, new: Value?)]? {
    var changed: [(key: Key, old: Value?, new: Value?)] = []
    var oldKeys = old.keys.makeIterator()
    var oldValues = old.values.makeIterator()
    var newKeys = new.keys.makeIterator()
    var newValues = new.values.makeIterator()
    var oldKey = oldKeys.next()
    var newKey = newKeys.next()
    var oldValue = oldValues.next()
    var newValue = newValues.next()
    while let before = oldKey, let after = newKey, let beforeValue = oldValue, let afterValue = newValue {
      if before == after {
        if beforeValue != afterValue { changed.append((after, beforeValue, afterValue)) }
        oldKey = oldKeys.next()
        oldValue = oldValues.next()
        newKey = newKeys.next()
        newValue = newValues.next()
      } else if new[before] == nil {
        changed.append((before, beforeValue, nil))
        oldKey = oldKeys.next()
        oldValue = oldValues.next()
      } else if old[after] == nil {
        changed.append((after, nil, afterValue))
        newKey = newKeys.next()
        newValue = newValues.next()
      } else {
        return nil
      }
    }
    while let before = oldKey, let beforeValue = oldValue {
      guard new[before] == nil else { return nil }
      changed.append((before, beforeValue, nil))
      oldKey = oldKeys.next()
      oldValue = oldValues.next()
    }
    while let after = newKey, let afterValue = newValue {
      guard old[after] == nil else { return nil }
      changed.append((after, nil, afterValue))
      newKey = newKeys.next()
      newValue = newValues.next()
    }
    return changed
  }
}

extension Dictionary: DiffableDictionary where Key: Encodable, Value: Equatable {
  func changes(since old: Any) throws(CommandError) -> DictionaryChanges? {
    guard let old = old as? Self else { return nil }
    let changed = Self.changedByLookup(
      old: old.lazy.map { (key: $0.key, value: $0.value) }, oldCount: old.count, oldLookup: { old[$0] },
      new: self.lazy.map { (key: $0.key, value: $0.value) }, newCount: count, newLookup: { self[$0] })
    return try Self.changes(changed, newKeys: keys, oldCount: old.count, newCount: count)
  }
}

/// How `StateDiff` walks a type, learned once per type.
enum Shape {
  /// A dictionary compared entry by entry.
  case dictionary
  /// A struct whose encoding has exactly its stored properties, in order: compared field by field.
  case structure(typeName: String, labels: [String])
  /// Anything else: encoded and diffed as a `Value`.
  case leaf

  private static let known = Mutex<[ObjectIdentifier: Shape]>([:])

  static func of(_ sample: Any) -> Shape {
    let id = ObjectIdentifier(type(of: sample))
    if let shape = known.withLock({ $0[id] }) {
      return shape
    }
    let shape = learn(from: sample)
    known.withLock { $0[id] = shape }
    return shape
  }

  private static func learn(from sample: Any) -> Shape {
    if sample is any DiffableDictionary { return .dictionary }
    let mirror = Mirror(reflecting: sample)
    guard mirror.displayStyle == .struct else { return .leaf }
    guard let encodable = sample as? any Encodable,
      let labels = TopLevelKeys.storedProperties(of: encodable, mirror: mirror), !labels.isEmpty
    else {
      return .leaf
    }
    return .structure(typeName: TypeInfo.displayName(of: type(of: sample)), labels: labels)
  }
}

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
