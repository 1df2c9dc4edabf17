extension Dictionary: DiffableDictionary where Value: Equatable {
  @inlinable
  public func changes(since old: Any) throws(CommandError) -> DictionaryChanges? {
    guard let old = old as? Self else { return nil }
    let changed = Self.changedByLookup(
      old: old.lazy.map { (key: $0.key, value: $0.value) }, oldCount: old.count, oldLookup: { old[$0] },
      new: self.lazy.map { (key: $0.key, value: $0.value) }, newCount: count, newLookup: { self[$0] })
    return try Self.changes(changed, oldCount: old.count, newCount: count) { counter throws(CommandError) in
      for key in keys { try counter.count(key) }
    }
  }
}
