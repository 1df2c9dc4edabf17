@_spi(Reflection) import Swift

/// Reads a struct's stored properties from their offsets, learned once per type, instead of a
/// `Mirror` per value: a `Mirror` looks up each field's type by its mangled name every time it is
/// read, which made up most of the cost of a small state's diff.
///
/// A type gets a reader only when the runtime can make key paths for all of its stored
/// properties, which it refuses for `weak` and `unowned` storage and for kinds it cannot read; for
/// any other type there is no reader and the caller reflects with `Mirror`.
public struct StoredPropertyReader: Sendable {
  /// One stored property: where it is in the struct, and how to copy it out as `Any`.
  private struct Field: Sendable {
    public let offset: Int
    public let load: @Sendable (UnsafeRawPointer, Int) -> Any
    /// `==` on the field in two structs' bytes, when its type is `Equatable`.
    public let equal: (@Sendable (UnsafeRawPointer, UnsafeRawPointer, Int) -> Bool)?
  }

  /// A stored property whose value differs between two values of the type.
  package struct Difference {
    /// Its index among the stored properties.
    public let index: Int
    public let old: Any
    public let new: Any
  }

  /// The stored properties' names, in declaration order.
  public let labels: [String]
  private let type: Any.Type
  private let fields: [Field]

  private static let known = TypeMemo<StoredPropertyReader?>()

  /// The reader for the type of `sample`, made the first time the type is seen; nil when the
  /// runtime cannot read all of its stored properties.
  public static func of(_ sample: Any) -> StoredPropertyReader? {
    known.fact(aboutTypeOf: sample) { sample in
      func make<Root>(_ root: Root) -> StoredPropertyReader? { reader(for: Root.self) }
      return _openExistential(sample, do: make)
    }
  }

  /// The values of the stored properties of `value`, which must be of the reader's type; nil
  /// when it is not.
  public func values(of value: Any) -> [Any]? {
    guard Swift.type(of: value) == type else { return nil }
    func read<Root>(_ root: Root) -> [Any] {
      withUnsafeBytes(of: root) { bytes in
        var values: [Any] = []
        values.reserveCapacity(fields.count)
        for field in fields {
          values.append(field.load(bytes.baseAddress!, field.offset))
        }
        return values
      }
    }
    return _openExistential(value, do: read)
  }

  /// The stored properties that differ between `old` and `new`, both of the reader's type (nil
  /// otherwise). An `Equatable` property is compared in place and copied out only when it differs.
  package func differences(from old: Any, to new: Any) -> [Difference]? {
    guard Swift.type(of: old) == type, Swift.type(of: new) == type else { return nil }
    // Both values opened, not one cast to the other's type: their types are known to be equal,
    // and only their bytes are read.
    func compare<Old>(_ old: Old) -> [Difference] {
      func against<New>(_ new: New) -> [Difference] {
        withUnsafeBytes(of: old) { oldBytes in
          withUnsafeBytes(of: new) { newBytes in
            let (oldBase, newBase) = (oldBytes.baseAddress!, newBytes.baseAddress!)
            var differences: [Difference] = []
            for (index, field) in fields.enumerated() {
              if let equal = field.equal {
                if equal(oldBase, newBase, field.offset) { continue }
                differences.append(Difference(index: index, old: field.load(oldBase, field.offset), new: field.load(newBase, field.offset)))
              } else {
                let (before, after) = (field.load(oldBase, field.offset), field.load(newBase, field.offset))
                if !ValueEquality.areEqual(before, after) { differences.append(Difference(index: index, old: before, new: after)) }
              }
            }
            return differences
          }
        }
      }
      return _openExistential(new, do: against)
    }
    return _openExistential(old, do: compare)
  }

  private static func reader<Root>(for type: Root.Type) -> StoredPropertyReader? {
    // The key paths are the runtime's word that every stored property is plain, strong storage.
    var keyPathLabels: [String] = []
    let readable = _forEachFieldWithKeyPath(of: Root.self) { name, _ in
      keyPathLabels.append(String(cString: name))
      return true
    }
    // A struct of no size has no bytes to point at: `Mirror` reads it.
    guard readable, !keyPathLabels.isEmpty, MemoryLayout<Root>.size > 0 else { return nil }
    var labels: [String] = []
    var fields: [Field] = []
    let complete = _forEachField(of: Root.self) { name, offset, fieldType, _ in
      labels.append(String(cString: name))
      fields.append(Field(offset: offset, load: loader(of: fieldType), equal: equality(of: fieldType)))
      return true
    }
    guard complete, labels == keyPathLabels else { return nil }
    return StoredPropertyReader(labels: labels, type: Root.self, fields: fields)
  }

  /// `==` on a value of `fieldType` in two structs' bytes at an offset, for an `Equatable` type
  /// whose conformance any thread may use (not one isolated to an actor).
  private static func equality(of fieldType: Any.Type) -> (@Sendable (UnsafeRawPointer, UnsafeRawPointer, Int) -> Bool)? {
    func make<Field: Equatable & SendableMetatype>(_: Field.Type) -> @Sendable (UnsafeRawPointer, UnsafeRawPointer, Int) -> Bool {
      { old, new, offset in old.load(fromByteOffset: offset, as: Field.self) == new.load(fromByteOffset: offset, as: Field.self) }
    }
    guard let equatable = fieldType as? any (Equatable & SendableMetatype).Type else { return nil }
    return make(equatable)
  }

  /// Copies a value of `fieldType` out of a struct's bytes at an offset.
  private static func loader(of fieldType: Any.Type) -> @Sendable (UnsafeRawPointer, Int) -> Any {
    func make<Field>(_: Field.Type) -> @Sendable (UnsafeRawPointer, Int) -> Any {
      { base, offset in base.load(fromByteOffset: offset, as: Field.self) }
    }
    return _openExistential(fieldType, do: make)
  }
}
