import StateValues
/// How one sequence of actions went in the two revisions, step by step: the first step where
/// they part (outside the noise and the allowed paths), and the steps that differed only at
/// allowed paths.
struct SequenceComparison: Sendable {
  /// Where two revisions part.
  struct Divergence: Sendable {
    /// The step, counted from 0.
    let index: Int
    /// What each revision did with it.
    let old: AgainstStep
    let new: AgainstStep
    /// Each revision's state after it.
    let oldState: Value
    let newState: Value
    /// The paths at which the states differ; empty when the outcomes differ instead.
    let paths: [StatePath]
  }

  /// The first step where the revisions part; nil when they agree (but for allowed paths).
  var divergence: Divergence?
  /// How many steps differed only at allowed paths.
  var allowedSteps = 0
  /// The allowed paths that differed.
  var allowedPaths: [StatePath] = []

  /// Compares the revisions' answers `old` and `new` to one sequence, from their starting states.
  init(old: [AgainstStep], new: [AgainstStep], oldStart: Value, newStart: Value, noise: [StatePath], allowed: [StatePath]) {
    var oldState = oldStart
    var newState = newStart
    for index in 0..<max(old.count, new.count) {
      guard index < old.count, index < new.count else {
        divergence = Divergence(
          index: index, old: index < old.count ? old[index] : .unreadable("no answer"), new: index < new.count ? new[index] : .unreadable("no answer"),
          oldState: oldState, newState: newState, paths: [])
        return
      }
      if case .accepted(let state?) = old[index] { oldState = state.value }
      if case .accepted(let state?) = new[index] { newState = state.value }
      switch (old[index], new[index]) {
      case (.accepted, .accepted):
        guard oldState != newState else { continue }
        var paths: [StatePath] = []
        ValueDifferences.paths(oldState, newState, into: &paths)
        paths.removeAll { path in noise.contains { ValueDifferences.isPath(path, under: $0) } }
        let outside = paths.filter { path in !allowed.contains { ValueDifferences.isPath(path, under: $0) } }
        if outside.isEmpty {
          if !paths.isEmpty {
            allowedSteps += 1
            for path in paths where !allowedPaths.contains(path) { allowedPaths.append(path) }
          }
          continue
        }
        divergence = Divergence(index: index, old: old[index], new: new[index], oldState: oldState, newState: newState, paths: outside)
        return
      case (.rejected(let oldReason), .rejected(let newReason)) where oldReason == newReason:
        continue
      default:
        divergence = Divergence(index: index, old: old[index], new: new[index], oldState: oldState, newState: newState, paths: [])
        return
      }
    }
  }
}
