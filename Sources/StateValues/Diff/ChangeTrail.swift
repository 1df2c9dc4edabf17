/// The paths where two states differ, collected by `StateDiff` as it walks them: the path of each
/// part where the walk stopped descending because it found a difference there — a changed leaf
/// (a scalar, an enum case, an array), or a dictionary entry added or removed. Every path where the
/// states differ either is one of them, lies above one of them, or lies inside a changed leaf.
package struct ChangeTrail {
  /// The path of the part the walk is in.
  private var current: [StatePath.Component] = []
  /// The paths of the changes found so far, in the order the diff prints them.
  private(set) var paths: [[StatePath.Component]] = []

  package init() {}

  /// The walk goes into the part named `component`.
  mutating func enter(_ component: StatePath.Component) {
    current.append(component)
  }

  /// The walk comes back out of the part it last entered.
  mutating func leave() {
    current.removeLast()
  }

  /// The part the walk is in differs, and the walk goes no deeper into it.
  mutating func recordChange() {
    paths.append(current)
  }
}

extension StatePath.Component {
  /// The step to a dictionary's entry under `key` as encoded: a `String` key by name, any other by value.
  package init(dictionaryKey key: Value) {
    if case .string(let name) = key {
      self = .name(name)
    } else {
      self = .key(key)
    }
  }
}
