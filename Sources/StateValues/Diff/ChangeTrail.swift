/// The paths where two states differ, collected by `StateDiff` as it walks them: the path of each
/// part where the walk stopped descending because it found a difference there — a changed leaf
/// (a scalar, an enum case, an array), or a dictionary entry added or removed. Every path where the
/// states differ either is one of them, lies above one of them, or lies inside a changed leaf.
///
/// The paths are kept one after another in one array, each ending where `ends` says: a trail
/// reused from one diff to the next (`reset()`) allocates nothing once it has grown.
public struct ChangeTrail {
  /// The path of the part the walk is in.
  private var current: [StatePath.Component] = []
  /// The steps of every path found, one path after another.
  public private(set) var components: [StatePath.Component] = []
  /// Where each path found ends in `components`, in the order the diff prints them.
  public private(set) var ends: [Int] = []

  public init() {}

  /// Forgets the paths found, keeping the room they took.
  public mutating func reset() {
    current.removeAll(keepingCapacity: true)
    components.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
  }

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
    components.append(contentsOf: current)
    ends.append(components.count)
  }
}

extension StatePath.Component {
  /// The step to a dictionary's entry under `key` as encoded: a `String` key by name, any other by value.
  public init(dictionaryKey key: Value) {
    if case .string(let name) = key {
      self = .name(name)
    } else {
      self = .key(key)
    }
  }
}
