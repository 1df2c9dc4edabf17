@_spi(Reflection) import Swift

/// Reads a struct's stored properties through key paths the runtime makes once per type, instead
/// of a `Mirror` per value: a `Mirror` looks up each field's type by its mangled name every time
/// it is read, which made up most of the cost of a small state's diff.
///
/// The runtime makes the key paths only when every stored property is a strong reference of a
/// kind it can read (no `weak` or `unowned` storage); for any other type there is no reader and
/// the caller reflects with `Mirror`.
struct StoredPropertyReader: Sendable {
  /// The stored properties' names, in declaration order.
  let labels: [String]
  private let read: @Sendable (Any) -> [Any]?

  private static let known = TypeMemo<StoredPropertyReader?>()

  /// The reader for the type of `sample`, made the first time the type is seen; nil when the
  /// runtime cannot make key paths for all of its stored properties.
  static func of(_ sample: Any) -> StoredPropertyReader? {
    known.fact(aboutTypeOf: sample) { sample in
      func make<Root>(_ root: Root) -> StoredPropertyReader? { reader(for: Root.self) }
      return _openExistential(sample, do: make)
    }
  }

  /// The values of the stored properties of `value`, which must be of the reader's type; nil
  /// when it is not.
  func values(of value: Any) -> [Any]? {
    read(value)
  }

  private static func reader<Root>(for type: Root.Type) -> StoredPropertyReader? {
    var labels: [String] = []
    var paths: [PartialKeyPath<Root>] = []
    let complete = _forEachFieldWithKeyPath(of: Root.self) { name, path in
      labels.append(String(cString: name))
      paths.append(path)
      return true
    }
    guard complete, !paths.isEmpty else { return nil }
    // Key paths into a struct are immutable values; the closure only reads through them.
    nonisolated(unsafe) let readable = paths
    return StoredPropertyReader(labels: labels) { value in
      guard let root = value as? Root else { return nil }
      return readable.map { root[keyPath: $0] }
    }
  }
}
