import HashTreeCollections

/// Compiled code for comparing one concrete dictionary type. Through `any DiffableDictionary` the
/// comparison runs as unspecialized generic code, several times slower per entry; a domain names
/// the dictionary types of its state (`.treeDictionary(Quake.ID.self, Quake.self)`) so that their
/// comparison is specialized for those types.
public struct DiffSpecialization: Sendable {
  public let dictionaryType: ObjectIdentifier
  public let changes: @Sendable (_ old: Any, _ new: Any) throws(CommandError) -> DictionaryChanges?

  public init(
    dictionaryType: ObjectIdentifier, changes: @escaping @Sendable (_ old: Any, _ new: Any) throws(CommandError) -> DictionaryChanges?
  ) {
    self.dictionaryType = dictionaryType
    self.changes = changes
  }

  /// Specialized comparison of `TreeDictionary<Key, Value>` states; inlinable, so that the
  /// domain's module compiles it for its own key and value types.
  @inlinable
  public static func treeDictionary<Key: Hashable & Sendable, Value: Equatable & Sendable>(
    _ key: Key.Type, _ value: Value.Type
  ) -> DiffSpecialization {
    DiffSpecialization(dictionaryType: ObjectIdentifier(TreeDictionary<Key, Value>.self)) { old, new throws(CommandError) in
      try (new as? TreeDictionary<Key, Value>)?.changes(since: old)
    }
  }
}
