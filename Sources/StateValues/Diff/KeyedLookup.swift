import HashTreeCollections

/// A dictionary a path can step into by key without encoding it whole: `why` reads the value at
/// a path in many states, and a 64k-entry dictionary is looked up, not written out.
public protocol KeyedLookup {
  /// The entry a path step names (`["Cat"]`, `[.herbivorous]`), with its key as the state names
  /// it; nil when there is none.
  func entry(named component: StatePath.Component) throws(CommandError) -> (key: StatePath.Component, value: Any)?
}

extension KeyedLookup {
  /// The entry `component` names: a `String` key looked up directly, any other key found by
  /// comparing the keys as they print.
  static func entry<Key: Hashable, Element>(
    named component: StatePath.Component, in entries: some Sequence<(key: Key, value: Element)>, lookup: (Key) -> Element?
  ) throws(CommandError) -> (key: StatePath.Component, value: Any)? {
    if Key.self == String.self {
      guard case .name(let name) = component else { return nil }
      return lookup(unsafeBitCast(name, to: Key.self)).map { (component, $0) }
    }
    for (key, value) in entries {
      let step = StatePath.Component(dictionaryKey: try StateDiff.encodedKey(key))
      if step.isNamed(by: component) { return (step, value) }
    }
    return nil
  }
}

extension TreeDictionary: KeyedLookup {
  public func entry(named component: StatePath.Component) throws(CommandError) -> (key: StatePath.Component, value: Any)? {
    try Self.entry(named: component, in: lazy.map { (key: $0.key, value: $0.value) }, lookup: { self[$0] })
  }
}

extension Dictionary: KeyedLookup {
  public func entry(named component: StatePath.Component) throws(CommandError) -> (key: StatePath.Component, value: Any)? {
    try Self.entry(named: component, in: lazy.map { (key: $0.key, value: $0.value) }, lookup: { self[$0] })
  }
}
