/// The paths each history entry changed, by the entry's serial: what `why` and `history --changed`
/// search. A dispatch whose diff the shell prints records them as a by-product of that diff
/// (`StateDiff.linesAndChangedPaths`); an entry whose diff was never computed (a hidden action)
/// has its paths computed the first time a search needs them, then kept.
///
/// Each path is where the diff stopped descending: a changed leaf, or a dictionary entry added or
/// removed. A path `P` changed in an entry when one of its paths lies at or below `P`; when one
/// lies above `P` (a changed array or enum case that `P` goes into), the values at `P` decide.
final class ChangeIndex {
  private var pathsBySerial: [Int: [[StatePath.Component]]] = [:]

  /// Keeps the paths the entry with `serial` changed.
  func record(_ paths: [[StatePath.Component]], serial: Int) {
    pathsBySerial[serial] = paths
  }

  /// The paths the entry with `serial` changed, computed with `compute` (once) when not known.
  func paths(serial: Int, compute: () throws(CommandError) -> [[StatePath.Component]]) throws(CommandError) -> [[StatePath.Component]] {
    if let known = pathsBySerial[serial] { return known }
    let computed = try compute()
    pathsBySerial[serial] = computed
    return computed
  }

  /// How one entry's changed paths relate to `path`.
  enum Relation {
    /// Nothing at or below `path` changed.
    case unchanged
    /// Something at or below `path` changed.
    case changed
    /// A leaf that holds `path` changed: the values at `path` decide.
    case leafAbove
  }

  /// How `paths` (one entry's) relate to `path`.
  static func relation(of paths: [[StatePath.Component]], to path: [StatePath.Component]) -> Relation {
    var relation = Relation.unchanged
    for changed in paths {
      let shared = min(changed.count, path.count)
      var matches = true
      var index = 0
      while index < shared {
        if changed[index] != path[index] {
          matches = false
          break
        }
        index += 1
      }
      guard matches else { continue }
      if changed.count >= path.count { return .changed }
      relation = .leafAbove
    }
    return relation
  }
}
