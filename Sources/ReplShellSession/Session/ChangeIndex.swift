import StateValues
/// The paths each history entry changed, by the entry's serial: what `why` and `history --changed`
/// search. A dispatch whose diff the shell prints records them as a by-product of that diff (the
/// diff's `ChangeTrail`); an entry whose diff was never computed (a hidden action) has its paths
/// computed the first time a search needs them, then kept.
///
/// Each path is where the diff stopped descending: a changed leaf, or a dictionary entry added or
/// removed. A path `P` changed in an entry when one of its paths lies at or below `P`; when one
/// lies above `P` (a changed array or enum case that `P` goes into), the values at `P` decide.
///
/// Every entry's paths lie one after another in one array, and the diff's trail is reused from one
/// dispatch to the next: recording a dispatch's paths allocates nothing once the arrays have grown.
final class ChangeIndex {
  /// The steps of every path recorded, one path after another.
  private var components: [StatePath.Component] = []
  /// Where each path recorded ends in `components`.
  private var pathEnds: [Int] = []
  /// The paths of each entry recorded, as a range of `pathEnds`, by serial.
  private var entries: [Int: Range<Int>] = [:]
  /// The trail the diffs fill, kept for the next.
  private var trail: ChangeTrail? = ChangeTrail()

  /// Runs `diff` with the trail it fills, and records the paths it found as those the entry with
  /// `serial` changed; returns what `diff` returns. Nothing is recorded when it throws.
  func recording<Result>(serial: Int, _ diff: (inout ChangeTrail?) throws(CommandError) -> Result) throws(CommandError) -> Result {
    trail?.reset()
    let result = try diff(&trail)
    guard let trail else { return result }
    append(serial: serial, components: trail.components, ends: trail.ends)
    return result
  }

  /// Keeps the paths `components` and `ends` describe (as a `ChangeTrail` holds them) as those the
  /// entry with `serial` changed.
  private func append(serial: Int, components found: [StatePath.Component], ends: [Int]) {
    let firstPath = pathEnds.count
    let offset = components.count
    components.append(contentsOf: found)
    for end in ends { pathEnds.append(offset + end) }
    entries[serial] = firstPath..<pathEnds.count
  }

  /// Records `paths` as those the entry with `serial` changed: an app's action, whose diff the
  /// tap's thread computed.
  func record(serial: Int, paths: ChangedPaths) {
    append(serial: serial, components: paths.components, ends: paths.ends)
  }

  /// Forgets the paths of every entry up to `serial` (entries the history dropped), and packs the
  /// paths kept together once those forgotten take more room than they do.
  func forget(through serial: Int) {
    entries = entries.filter { $0.key > serial }
    let kept = entries.values.reduce(0) { $0 + $1.count }
    guard pathEnds.count > 2 * kept else { return }
    var packedComponents: [StatePath.Component] = []
    var packedEnds: [Int] = []
    var packedEntries: [Int: Range<Int>] = [:]
    for (entrySerial, range) in entries.sorted(by: { $0.key < $1.key }) {
      let first = packedEnds.count
      for index in range {
        let start = index == 0 ? 0 : pathEnds[index - 1]
        packedComponents.append(contentsOf: components[start..<pathEnds[index]])
        packedEnds.append(packedComponents.count)
      }
      packedEntries[entrySerial] = first..<packedEnds.count
    }
    (components, pathEnds, entries) = (packedComponents, packedEnds, packedEntries)
  }

  /// How one entry's changed paths relate to a path.
  enum Relation {
    /// Nothing at or below the path changed.
    case unchanged
    /// Something at or below the path changed.
    case changed
    /// A leaf that holds the path changed: the values at the path decide.
    case leafAbove
  }

  /// How the paths of the entry with `serial` relate to `path`; nil when they are not recorded.
  func relation(serial: Int, to path: [StatePath.Component]) -> Relation? {
    guard let range = entries[serial] else { return nil }
    var relation = Relation.unchanged
    for index in range {
      let start = index == 0 ? 0 : pathEnds[index - 1]
      let end = pathEnds[index]
      let length = end - start
      let shared = min(length, path.count)
      var matches = true
      var step = 0
      while step < shared {
        if components[start + step] != path[step] {
          matches = false
          break
        }
        step += 1
      }
      guard matches else { continue }
      if length >= path.count { return .changed }
      relation = .leafAbove
    }
    return relation
  }
}
